import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../components/ui/button.js';
import { isServiceUnavailable } from '../lib/api-client.js';
import { usePageHead } from '../lib/head.js';

export function NotFound() {
  const { t } = useTranslation('common');
  usePageHead({ title: t('notFound.title'), description: t('notFound.description') });
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <p aria-hidden="true" className="text-8xl font-black text-brand-600">
        404
      </p>
      <h1 className="mt-4 text-3xl font-black">{t('notFound.title')}</h1>
      <p className="mt-3 text-lg text-slate-700">{t('notFound.description')}</p>
      <Link to="/" className={buttonClasses('primary', 'lg', 'mt-8')}>
        {t('actions.backHome')}
      </Link>
    </section>
  );
}

export function RouteError({ reset, error }: { reset?: () => void; error?: unknown }) {
  const { t } = useTranslation('common');
  const unavailable = isServiceUnavailable(error);
  // A 503 is temporary: try again by ourselves once the wait the server asked for has passed.
  useEffect(() => {
    if (!unavailable || !reset) return;
    const timer = setTimeout(reset, error.retryAfterMs);
    return () => clearTimeout(timer);
  }, [unavailable, reset, error]);
  return (
    <section role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <h1 className="text-3xl font-black">{t(unavailable ? 'errors.unavailableTitle' : 'errors.generic')}</h1>
      <p className="mt-3 text-lg text-slate-700">
        {t(unavailable ? 'errors.unavailable' : 'errors.pageFailed')}
      </p>
      <button
        type="button"
        className={buttonClasses('primary', 'lg', 'mt-8')}
        onClick={() => (reset ? reset() : window.location.reload())}
      >
        {t('actions.retry')}
      </button>
    </section>
  );
}
