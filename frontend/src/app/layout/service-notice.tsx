import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { InfoIcon } from '../../components/icons.js';
import { serviceStatus } from '../../lib/api-client.js';

/**
 * One calm line while the server answers 503 (a part of the product down for a moment, or too busy): the page
 * stays usable, queries try again by themselves after the wait the server asked for, and the line goes away
 * with the first good answer. A polite live region, so a screen reader hears it once, not on every retry.
 */
export function ServiceNotice() {
  const { t } = useTranslation('common');
  const since = useSyncExternalStore(serviceStatus.subscribe, serviceStatus.unavailableSince, () => null);
  return (
    <div role="status" aria-live="polite" className="contents">
      {since !== null && (
        <p
          data-testid="service-notice"
          className="flex items-center justify-center gap-2 bg-amber-100 px-4 py-3 text-center font-semibold text-amber-950"
        >
          <InfoIcon className="size-6 shrink-0" />
          {t('errors.unavailable')}
        </p>
      )}
    </div>
  );
}
