import { Link, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LogoMark } from '../../components/logo.js';

const QUICK_LINKS = [
  { to: '/', key: 'nav.home' },
  { to: '/games', key: 'nav.games' },
  { to: '/statistics', key: 'nav.statistics' },
  { to: '/badges', key: 'nav.badges' },
  { to: '/faq', key: 'nav.faq' },
] as const;

const SOCIAL_ICONS: Record<string, string> = {
  youtube: 'M4 7.5C4 6 5 5 6.5 5h11C19 5 20 6 20 7.5v9c0 1.5-1 2.5-2.5 2.5h-11C5 19 4 18 4 16.5zM10 9v6l5-3z',
  instagram:
    'M7 4h10a3 3 0 013 3v10a3 3 0 01-3 3H7a3 3 0 01-3-3V7a3 3 0 013-3zm5 4.5a3.5 3.5 0 100 7 3.5 3.5 0 000-7zM17 6.5a.5.5 0 100 1 .5.5 0 000-1z',
  x: 'M5 5l14 14M19 5L5 19',
};
const LINK_ICON = 'M10 14L20 4M14 4h6v6M18 14v5a1 1 0 01-1 1H5a1 1 0 01-1-1V7a1 1 0 011-1h5';

export interface SocialLink {
  name: string;
  href: string;
}

/**
 * The school's or project's social accounts, set at build time as `VITE_SOCIAL_LINKS="YouTube=https://…,X=https://…"`;
 * none by default (the users are children: nothing sends them to another site unless an operator chose it).
 */
export function parseSocialLinks(setting: string | undefined): SocialLink[] {
  return (setting ?? '')
    .split(',')
    .map((entry) => entry.split('='))
    .flatMap(([name, ...rest]) => {
      const href = rest.join('=').trim();
      return name?.trim() && /^https:\/\//.test(href) ? [{ name: name.trim(), href }] : [];
    });
}

const SOCIAL_LINKS = parseSocialLinks(import.meta.env.VITE_SOCIAL_LINKS);
/** Where a grown-up looks (home, FAQ): never on a game or a pupil's own screens. */
const SOCIAL_PAGES = new Set(['/', '/faq']);

export function Footer() {
  const { t } = useTranslation('common');
  const stats = [
    { value: t('footer.gamesCount'), label: t('footer.gamesLabel') },
    { value: t('footer.badgesCount'), label: t('footer.badgesLabel') },
    { value: t('footer.levelsCount'), label: t('footer.levelsLabel') },
  ];
  const mail = t('footer.contactMail');
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const social = SOCIAL_PAGES.has(pathname) ? SOCIAL_LINKS : [];
  return (
    <footer className="on-dark mt-16 bg-brand-900 text-white">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3">
        <div>
          <div className="flex items-center gap-2">
            <LogoMark />
            <p className="text-xl font-black">{t('appName')}</p>
          </div>
          <p className="mt-4 text-lg leading-relaxed text-brand-100">{t('footer.mission')}</p>
          <dl className="mt-6 grid grid-cols-3 gap-3">
            {stats.map((stat) => (
              <div key={stat.label} className="min-w-0 rounded-2xl bg-white/10 px-1 py-3 text-center lg:px-3">
                <dt className="text-sm font-semibold break-words text-brand-100">{stat.label}</dt>
                <dd className="order-first text-lg font-black whitespace-nowrap lg:text-2xl">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="text-lg font-extrabold">
            {t('footer.quickLinks')}
          </h2>
          {/* One column where the footer's middle column is narrow (tablets): long Turkish names never collide. */}
          <ul className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2 md:grid-cols-1 lg:grid-cols-2">
            {QUICK_LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="inline-flex min-h-12 items-center rounded-xl px-2 text-base font-semibold text-white hover:bg-white/10"
                >
                  {t(link.key)}
                </Link>
              </li>
            ))}
            <li>
              <a
                href={`mailto:${mail}`}
                className="inline-flex min-h-12 items-center rounded-xl px-2 text-base font-semibold text-white hover:bg-white/10"
              >
                {t('footer.contact')}
              </a>
            </li>
          </ul>
        </nav>
        <div>
          {social.length > 0 && (
            <>
              <h2 className="mb-3 text-lg font-extrabold">{t('footer.social')}</h2>
              <ul className="mb-6 flex flex-wrap gap-3" data-testid="social-links">
                {social.map((link) => (
                  <li key={link.href}>
                    <a
                      href={link.href}
                      rel="noopener noreferrer"
                      target="_blank"
                      className="inline-flex min-h-12 items-center gap-2 rounded-full bg-white/10 px-4 font-semibold hover:bg-white/20"
                    >
                      <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true" focusable="false">
                        <path
                          d={SOCIAL_ICONS[link.name.toLowerCase()] ?? LINK_ICON}
                          fill="none"
                          stroke="currentColor"
                          strokeWidth="2"
                          strokeLinejoin="round"
                          strokeLinecap="round"
                        />
                      </svg>
                      {link.name}
                      <span className="sr-only">
                        {t('footer.opensSite', { host: new URL(link.href).hostname })}
                      </span>
                    </a>
                  </li>
                ))}
              </ul>
            </>
          )}
          <h2 className="text-lg font-extrabold">{t('footer.contact')}</h2>
          <a
            href={`mailto:${mail}`}
            className="mt-2 inline-flex min-h-12 items-center break-all text-base font-semibold text-amber-200 underline"
          >
            {mail}
          </a>
        </div>
      </div>
      <p className="border-t border-white/10 px-4 py-4 text-center text-sm text-brand-100">
        {t('footer.rights', { year: new Date().getFullYear() })}
      </p>
    </footer>
  );
}
