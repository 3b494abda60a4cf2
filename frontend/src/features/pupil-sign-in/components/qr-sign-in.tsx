import { PUPIL_LINK_SECRET_PATTERN } from '@mathgames/contracts';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../../components/ui/button.js';
import { isApiError, serverMessage } from '../../../lib/api-client.js';
import { useSetCurrentUser } from '../../../lib/auth.js';
import { usePageHead } from '../../../lib/head.js';
import { useMessage } from '../../../lib/i18n/message-catalogue.js';
import { pupilLinkLogin, untilSignedIn } from '../api/class-join.js';

/** Reads the secret from the fragment once and removes it from the address bar and history. */
function takeSecretFromFragment(): string {
  const secret = decodeURIComponent(window.location.hash.replace(/^#/, ''));
  if (window.location.hash) window.history.replaceState(null, '', window.location.pathname);
  return secret;
}

/** /class/qr#SECRET: the pupil's personal QR code signs them in without a code or pictures. */
export function QrSignIn() {
  const { t } = useTranslation('pupil');
  usePageHead({ title: t('qr.title'), description: t('qr.signingIn') });
  const message = useMessage();
  const setCurrentUser = useSetCurrentUser();
  const [error, setError] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    // Once: StrictMode mounts twice, and the fragment is gone after the first read.
    if (started.current) return;
    started.current = true;
    const secret = takeSecretFromFragment();
    if (!PUPIL_LINK_SECRET_PATTERN.test(secret)) {
      setError(message('pupil_link_invalid'));
      return;
    }
    untilSignedIn(
      () => pupilLinkLogin({ secret }),
      () => setWaiting(true),
    )
      .then((user) => {
        setCurrentUser(user);
        window.location.assign('/');
      })
      .catch((err: unknown) =>
        setError(
          isApiError(err) && (err.status === 401 || err.status === 400 || err.status === 429)
            ? serverMessage(err, message('pupil_link_invalid'))
            : serverMessage(err, message('generic_error')),
        ),
      );
  }, [message, setCurrentUser]);

  return (
    <section className="mx-auto max-w-xl px-4 py-8 text-center sm:py-12">
      <h1 className="text-3xl font-black text-slate-900">{t('qr.title')}</h1>
      {error ? (
        <div
          role="alert"
          className="mt-6 flex flex-col items-center gap-4 rounded-3xl bg-red-50 p-6 text-red-900"
        >
          <p className="text-lg font-bold" data-testid="qr-error">
            {error}
          </p>
          <Link to="/class" className={buttonClasses('outline')}>
            {t('withCode')}
          </Link>
        </div>
      ) : (
        <p className="mt-6 text-lg text-slate-700" aria-busy="true" aria-live="polite" data-testid="qr-busy">
          {waiting ? t('busy') : t('qr.signingIn')}
        </p>
      )}
    </section>
  );
}
