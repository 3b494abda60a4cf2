import { Link } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LogoMark } from '../../components/logo.js';
import { Button, buttonClasses } from '../../components/ui/button.js';
import { toast } from '../../components/ui/toast.js';
import { type CurrentUser, displayNameOf, logout, useCurrentUser } from '../../lib/auth.js';
import { cn } from '../../lib/cn.js';
import { openAuthModal } from '../../lib/events.js';
import { useHydrated } from '../../lib/use-hydrated.js';
import { LanguageSwitcher } from './language-switcher.js';
import { OfflineBadge } from './offline-badge.js';

const NAV_LINKS = [
  { to: '/games', key: 'nav.games' },
  { to: '/statistics', key: 'nav.statistics' },
  { to: '/badges', key: 'nav.badges' },
] as const;
const TEACHER_LINK = { to: '/teacher', key: 'nav.teacher' } as const;

/** A teacher also gets their classes in the menu; everyone plays the same games. */
const navLinksFor = (user: CurrentUser | null) =>
  user?.role === 'teacher' ? [...NAV_LINKS, TEACHER_LINK] : NAV_LINKS;

const linkClasses =
  'inline-flex min-h-12 items-center rounded-full px-4 text-base font-bold text-slate-700 hover:bg-brand-50 hover:text-brand-800';
const activeLinkClasses = 'bg-brand-100 text-brand-800';

/** The site's links: along the bar on a wide screen, down the menu panel (which `onNavigate` closes) on a narrow one. */
function NavLinks({
  user,
  className,
  onNavigate,
}: {
  user: CurrentUser | null;
  className: string;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation('common');
  return (
    <nav aria-label={t('nav.label')} className={className}>
      {navLinksFor(user).map((link) => (
        <Link
          key={link.to}
          to={link.to}
          className={linkClasses}
          activeProps={{ className: activeLinkClasses }}
          onClick={onNavigate}
        >
          {t(link.key)}
        </Link>
      ))}
    </nav>
  );
}

function AuthButtons({
  user,
  onDone,
  vertical,
}: {
  user: CurrentUser | null;
  onDone?: () => void;
  vertical?: boolean;
}) {
  const { t } = useTranslation('common');
  const [busy, setBusy] = useState(false);
  if (user) {
    const name = displayNameOf(user);
    return (
      <div className={cn('flex gap-2', vertical ? 'flex-col' : 'items-center')}>
        <Link
          to="/profile"
          onClick={onDone}
          className={buttonClasses('outline', 'md', 'max-w-56')}
          data-testid="profile-link"
        >
          <span
            aria-hidden="true"
            className="flex size-7 items-center justify-center rounded-full bg-brand-600 text-sm text-white"
          >
            {name.charAt(0).toLocaleUpperCase()}
          </span>
          {/* The name from the content: the visible name inside "<name>'s profile" (WCAG 2.5.3, label in name).
              An aria-label of its own left the visible initial out, which axe's label-content-name-mismatch
              reported on every signed-in page. */}
          <span aria-hidden="true" className="truncate">
            {name}
          </span>
          <span className="sr-only">{t('nav.profileOf', { name })}</span>
        </Link>
        <Button
          variant="ghost"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await logout();
            } catch (error) {
              console.warn('logout failed', error);
              toast({ title: t('errors.logoutFailed'), variant: 'destructive' });
              setBusy(false);
            }
          }}
        >
          {t('nav.logout')}
        </Button>
      </div>
    );
  }
  // Closes the mobile menu first, then opens the auth modal on its login (true) or register (false) form.
  const openAuth = (login: boolean) => () => {
    onDone?.();
    openAuthModal(login);
  };
  return (
    <div className={cn('flex gap-2', vertical ? 'flex-col' : 'items-center')}>
      <Button variant="outline" onClick={openAuth(true)}>
        {t('nav.login')}
      </Button>
      <Button variant="primary" onClick={openAuth(false)}>
        {t('nav.register')}
      </Button>
    </div>
  );
}

export function TopBar() {
  const { t } = useTranslation('common');
  const { user, isPending } = useCurrentUser();
  const hydrated = useHydrated();
  const [menuOpen, setMenuOpen] = useState(false);
  const panelId = useId();

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur [@media(max-height:480px)]:static">
      <div className="mx-auto flex min-h-18 max-w-7xl items-center gap-3 px-3 py-2 sm:px-6">
        <Link
          to="/"
          className="flex min-h-12 items-center gap-2 rounded-2xl pr-2"
          onClick={() => setMenuOpen(false)}
        >
          <LogoMark />
          <span className="sr-only text-lg font-black tracking-tight whitespace-nowrap text-brand-800 min-[400px]:not-sr-only sm:text-xl">
            {t('appName')}
          </span>
        </Link>
        <NavLinks user={user} className="ml-4 hidden items-center gap-1 lg:flex" />
        <div className="ml-auto flex items-center gap-2">
          <OfflineBadge />
          <LanguageSwitcher />
          <div className={cn('hidden lg:block', isPending && 'invisible')}>
            <AuthButtons user={user} />
          </div>
          <button
            type="button"
            className="inline-flex size-12 items-center justify-center rounded-full border-2 border-slate-200 bg-white text-slate-800 disabled:cursor-wait lg:hidden"
            aria-expanded={menuOpen}
            aria-controls={panelId}
            aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            onClick={() => setMenuOpen((open) => !open)}
            disabled={!hydrated}
          >
            <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true" focusable="false">
              {menuOpen ? (
                <path
                  d="M6 6l12 12M18 6L6 18"
                  stroke="currentColor"
                  strokeWidth="2.5"
                  strokeLinecap="round"
                />
              ) : (
                <path
                  d="M4 7h16M4 12h16M4 17h16"
                  stroke="currentColor"
                  strokeWidth="2.5"
                  strokeLinecap="round"
                />
              )}
            </svg>
          </button>
        </div>
      </div>
      <div
        id={panelId}
        hidden={!menuOpen}
        className="fade-in border-t border-slate-200 bg-white px-3 pb-4 lg:hidden"
      >
        <NavLinks user={user} className="flex flex-col gap-1 py-2" onNavigate={() => setMenuOpen(false)} />
        {!isPending && <AuthButtons user={user} vertical onDone={() => setMenuOpen(false)} />}
      </div>
    </header>
  );
}
