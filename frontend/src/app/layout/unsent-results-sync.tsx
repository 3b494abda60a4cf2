import { nextResendBackoff, RESEND_SCHEDULE } from '@mathgames/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/ui/toast.js';
import { CURRENT_USER_KEY, useCurrentUser } from '../../lib/auth.js';

/**
 * Sends the results kept on this device (offline games, failed sends, a guest's games before signing in) when a
 * user is signed in: at start, when the connection returns and then every few seconds while some wait (backing
 * off after failures). A page opened offline learns who is signed in when the connection returns. A game the
 * server refuses for good
 * is shown to the child in a toast, then forgotten. The queue's code is fetched only here, after the first paint.
 */
export function UnsentResultsSync() {
  const { user } = useCurrentUser();
  const userId = user?.id ?? null;
  const client = useQueryClient();
  // `common` only: this sits in every page's frame (and the pre-render), where other namespaces are not loaded.
  const { t } = useTranslation('common');

  // A page opened offline read "nobody signed in": ask again when the connection returns. Deferred a tick so
  // React Query has heard `online` too (a refetch it thinks is offline would wait).
  useEffect(() => {
    const recheck = () =>
      window.setTimeout(() => void client.invalidateQueries({ queryKey: CURRENT_USER_KEY }), 0);
    window.addEventListener('online', recheck);
    return () => window.removeEventListener('online', recheck);
  }, [client]);

  useEffect(() => {
    if (userId === null) return;
    let running = false;
    let backoff = 0;
    let notBefore = 0;
    const run = async (force?: unknown) => {
      if (running || !navigator.onLine || (force !== true && Date.now() < notBefore)) return;
      running = true;
      try {
        const [{ sendUnsentResults, dismissRefused }, { refreshAfterSavedResults }] = await Promise.all([
          import('../../lib/offline/unsent-results.js'),
          import('../../lib/queries/saved-results.js'),
        ]);
        const outcome = await sendUnsentResults(userId);
        if (outcome.failed) {
          backoff = nextResendBackoff(backoff);
          notBefore = Date.now() + backoff;
        } else backoff = 0;
        if (outcome.sent.size > 0) await refreshAfterSavedResults(client);
        for (const [key, refused] of outcome.refused) {
          toast({ title: t('offline.refusedTitle'), description: refused.message, variant: 'destructive' });
          await dismissRefused(key);
        }
      } catch (error) {
        console.warn('sending kept results failed', error);
      } finally {
        running = false;
      }
    };
    const now = () => void run(true);
    now();
    window.addEventListener('online', now);
    const timer = window.setInterval(run, RESEND_SCHEDULE.checkEveryMs);
    return () => {
      window.removeEventListener('online', now);
      window.clearInterval(timer);
    };
  }, [userId, client, t]);

  return null;
}
