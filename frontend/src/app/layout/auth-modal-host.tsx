import { lazy, Suspense, useEffect, useState } from 'react';
import { useCurrentUser } from '../../lib/auth.js';
import { SHOW_LOGIN_MODAL_EVENT, type ShowLoginModalDetail } from '../../lib/events.js';

// The modal (forms, contracts schemas) is its own chunk, fetched the first time someone opens it.
const AuthModal = lazy(() => import('../../features/auth/components/auth-modal.js'));

/** Listens for the `showLoginModal` window event; shown only while logged out. */
export function AuthModalHost() {
  const { user } = useCurrentUser();
  const [request, setRequest] = useState<{ isLogin: boolean; nonce: number } | null>(null);

  useEffect(() => {
    const onShow = (event: Event) => {
      const detail = (event as CustomEvent<ShowLoginModalDetail | undefined>).detail;
      setRequest({ isLogin: detail?.isLogin !== false, nonce: Date.now() });
    };
    window.addEventListener(SHOW_LOGIN_MODAL_EVENT, onShow);
    return () => window.removeEventListener(SHOW_LOGIN_MODAL_EVENT, onShow);
  }, []);

  if (!request || user) return null;
  return (
    <Suspense fallback={null}>
      <AuthModal
        key={request.nonce}
        initialMode={request.isLogin ? 'login' : 'register'}
        onClose={() => setRequest(null)}
      />
    </Suspense>
  );
}
