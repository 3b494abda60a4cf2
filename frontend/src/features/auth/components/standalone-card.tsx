import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LogoMark } from '../../../components/logo.js';

/** The page shape of verify-email and reset-password, which sit outside the common frame. */
export function StandaloneCard({ children, testId }: { children: ReactNode; testId?: string }) {
  const { t } = useTranslation('common');
  return (
    <div className="flex flex-1 flex-col items-center bg-gradient-to-b from-brand-50 to-sky-50 px-4 py-10">
      <Link to="/" className="flex min-h-12 items-center gap-2 rounded-2xl">
        <LogoMark />
        <span className="text-xl font-black text-brand-800">{t('appName')}</span>
      </Link>
      <div
        className="mt-8 w-full max-w-md rounded-3xl bg-white p-6 text-center shadow-lg sm:p-8"
        data-testid={testId}
      >
        {children}
      </div>
    </div>
  );
}

/** The card while a one-time link is being checked. */
export function StandaloneCardPending({ text, testId }: { text: string; testId: string }) {
  return (
    <StandaloneCard testId={testId}>
      <div aria-hidden="true" className="skeleton mx-auto size-16 rounded-full bg-brand-200" />
      <p role="status" className="mt-4 text-xl font-bold">
        {text}
      </p>
    </StandaloneCard>
  );
}
