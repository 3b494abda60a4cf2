import { useTranslation } from 'react-i18next';
import { localeOf, toLang } from '../lib/i18n/i18n.js';
import { useOnline } from '../lib/offline/use-online.js';

/** While offline, a screen showing data kept on the device says how old it is ("as of 14:05, 22 Nov"). */
export function AsOf({ updatedAt }: { updatedAt: number }) {
  const { t, i18n } = useTranslation('common');
  const online = useOnline();
  if (online || !updatedAt) return null;
  const time = new Intl.DateTimeFormat(localeOf(toLang(i18n.resolvedLanguage)), {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(updatedAt);
  return (
    <p role="status" className="mt-2 text-base font-semibold text-slate-700" data-testid="as-of">
      {t('offline.asOf', { time })}
    </p>
  );
}
