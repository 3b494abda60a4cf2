import { useState } from 'react';
import { toast } from '../../../components/ui/toast.js';
import { isApiError, serverMessage } from '../../../lib/api-client.js';
import { useMessage } from '../../../lib/i18n/message-catalogue.js';

/**
 * Adding pupils by name, typed or from a class list: busy while `send` runs; a server answer about the names is
 * shown on the names field, any other failure as a red toast.
 */
export function useAddNames() {
  const message = useMessage();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function run(send: () => Promise<void>): Promise<void> {
    setBusy(true);
    try {
      await send();
    } catch (err) {
      if (isApiError(err) && err.body?.field?.startsWith('names')) setError(err.body.message ?? null);
      else toast({ title: serverMessage(err, message('generic_error')), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }
  return { error, setError, busy, run };
}
