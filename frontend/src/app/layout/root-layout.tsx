import { Outlet, useMatches } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Toaster } from '../../components/ui/toast.js';
import { showPendingToast } from '../../lib/pending-toast.js';
import { playSound } from '../../lib/sound.js';
import { AuthModalHost } from './auth-modal-host.js';
import { Footer } from './footer.js';
import { ServiceNotice } from './service-notice.js';
import { TopBar } from './top-bar.js';
import { UnsentResultsSync } from './unsent-results-sync.js';
import { UpdatePrompt } from './update-prompt.js';

/** A click sound on navigation and button clicks (elements may opt out with data-silent). */
function useClickSound() {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target.closest('a, button') : null;
      if (target && !target.closest('[data-silent]')) playSound('click');
    };
    document.addEventListener('click', onClick, { capture: true });
    return () => document.removeEventListener('click', onClick, { capture: true });
  }, []);
}

export function RootLayout() {
  const { t } = useTranslation('common');
  const frameless = useMatches({ select: (matches) => matches.some((match) => match.staticData?.frameless) });
  useClickSound();
  useEffect(() => showPendingToast(), []);
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-amber-300 px-5 py-3 font-bold text-slate-900 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('skipToContent')}
      </a>
      {frameless ? (
        <main id="main" tabIndex={-1} className="flex min-h-dvh flex-col outline-none">
          <ServiceNotice />
          <Outlet />
        </main>
      ) : (
        <div className="flex min-h-dvh flex-col">
          <TopBar />
          <ServiceNotice />
          <main id="main" tabIndex={-1} className="flex-1 outline-none">
            <Outlet />
          </main>
          <Footer />
        </div>
      )}
      <Toaster closeLabel={t('actions.close')} />
      <AuthModalHost />
      <UnsentResultsSync />
      <UpdatePrompt />
    </>
  );
}
