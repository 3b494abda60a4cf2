import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.js';
import { serverMessage } from '../../../lib/api-client.js';
import { useMessage } from '../../../lib/i18n/message-catalogue.js';

/** A teacher screen's data did not load: the server's (translated) reason and a retry button. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('teacher');
  const message = useMessage();
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-3xl bg-red-50 p-6 text-red-900">
      <p className="text-lg font-bold">{serverMessage(error, message('generic_error'))}</p>
      <Button variant="outline" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}
