import { useTranslation } from 'react-i18next';
import { useOnline } from '../../lib/offline/use-online.js';

/** The top bar's offline state: an icon and a word a child understands, with what it means underneath. */
export function OfflineBadge() {
  const { t } = useTranslation('common');
  const online = useOnline();
  if (online) return null;
  return (
    <p
      role="status"
      className="inline-flex min-h-12 items-center gap-2 rounded-full bg-slate-800 px-4 text-base font-bold text-white"
      title={t('offline.hint')}
      data-testid="offline-badge"
    >
      <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" focusable="false" fill="none">
        <path
          d="M2 8.5a15 15 0 0 1 20 0M5.5 12a10 10 0 0 1 13 0M9 15.5a5 5 0 0 1 6 0M12 19h.01M3 3l18 18"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
        />
      </svg>
      <span>{t('offline.label')}</span>
      <span className="sr-only">{t('offline.hint')}</span>
    </p>
  );
}
