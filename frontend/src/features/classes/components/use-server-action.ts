import { useState } from 'react';
import { toast } from '../../../components/ui/toast.js';
import { serverMessage } from '../../../lib/api-client.js';
import { useMessage } from '../../../lib/i18n/message-catalogue.js';

/**
 * A teacher's button that calls the server: busy while it runs, the server's message as a toast, its error
 * as a red one. With `close` (a dialog's confirm) the screen stays busy until the dialog has gone.
 */
export function useServerAction() {
  const message = useMessage();
  const [busy, setBusy] = useState(false);
  async function run<T extends { message: string }>(
    call: () => Promise<T>,
    { onDone, close }: { onDone?: (done: T) => unknown; close?: () => void } = {},
  ): Promise<void> {
    setBusy(true);
    try {
      const done = await call();
      await onDone?.(done);
      toast({ title: done.message, variant: 'success' });
      if (close) {
        close();
        return;
      }
    } catch (err) {
      toast({ title: serverMessage(err, message('generic_error')), variant: 'destructive' });
    }
    setBusy(false);
  }
  return { busy, run };
}
