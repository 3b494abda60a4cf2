import type { CurrentUser } from '@mathgames/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../lib/auth.js';
import { openAuthModal } from '../lib/events.js';
import { Button } from './ui/button.js';

/** What a guest sees on a screen that needs a login: login and register open the auth modal. */
export function LockedScreen({ title, description }: { title?: string; description?: string }) {
  const { t } = useTranslation('common');
  return (
    <section
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center"
      data-testid="locked-screen"
    >
      <svg viewBox="0 0 64 64" className="size-24" aria-hidden="true" focusable="false">
        <rect x="12" y="28" width="40" height="30" rx="8" fill="#4f46e5" />
        <path d="M20 28v-8a12 12 0 0124 0v8" fill="none" stroke="#4f46e5" strokeWidth="6" />
        <circle cx="32" cy="42" r="5" fill="#fde047" />
      </svg>
      <h1 className="mt-6 text-3xl font-black">{title ?? t('locked.title')}</h1>
      <p className="mt-3 text-lg text-slate-700">{description ?? t('locked.description')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button size="lg" variant="outline" onClick={() => openAuthModal(true)}>
          {t('nav.login')}
        </Button>
        <Button size="lg" onClick={() => openAuthModal(false)}>
          {t('nav.register')}
        </Button>
      </div>
    </section>
  );
}

/**
 * A screen for signed-in users only: `loading` (in a page-wide section) while the session is checked, the locked
 * screen to a guest (with `guest` under it: what this device keeps for them), else the screen for this user.
 */
export function SignedInGate({
  loading,
  className = 'mx-auto max-w-6xl px-4 py-8 sm:py-12',
  guest,
  children,
}: {
  loading: ReactNode;
  /** The classes of the section around `loading` (the width of the screen it stands for). */
  className?: string;
  guest?: ReactNode;
  children: (user: CurrentUser) => ReactNode;
}) {
  const { user, isPending } = useCurrentUser();
  if (isPending) return <section className={className}>{loading}</section>;
  if (!user)
    return (
      <>
        <LockedScreen />
        {guest}
      </>
    );
  return children(user);
}
