import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LogoMark } from '../../components/logo.js';

const QUICK_LINKS = [
  { to: '/', key: 'nav.home' },
  { to: '/games', key: 'nav.games' },
  { to: '/statistics', key: 'nav.statistics' },
  { to: '/badges', key: 'nav.badges' },
  { to: '/faq', key: 'nav.faq' },
] as const;

const SOCIAL_LINKS = [
  {
    name: 'YouTube',
    href: 'https://www.youtube.com/',
    path: 'M4 7.5C4 6 5 5 6.5 5h11C19 5 20 6 20 7.5v9c0 1.5-1 2.5-2.5 2.5h-11C5 19 4 18 4 16.5zM10 9v6l5-3z',
  },
  {
    name: 'Instagram',
    href: 'https://www.instagram.com/',
    path: 'M7 4h10a3 3 0 013 3v10a3 3 0 01-3 3H7a3 3 0 01-3-3V7a3 3 0 013-3zm5 4.5a3.5 3.5 0 100 7 3.5 3.5 0 000-7zM17 6.5a.5.5 0 100 1 .5.5 0 000-1z',
  },
  { name: 'X', href: 'https://x.com/', path: 'M5 5l14 14M19 5L5 19' },
] as const;

export function Footer() {
  const { t } = useTranslation('common');
  const stats = [
    { value: t('footer.gamesCount'), label: t('footer.gamesLabel') },
    { value: t('footer.badgesCount'), label: t('footer.badgesLabel') },
    { value: t('footer.levelsCount'), label: t('footer.levelsLabel') },
  ];
  const mail = t('footer.contactMail');
  return (
    <footer className="mt-16 bg-brand-900 text-white">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3">
        <div>
          <div className="flex items-center gap-2">
            <LogoMark />
            <p className="text-xl font-black">{t('appName')}</p>
          </div>
          <p className="mt-4 text-lg leading-relaxed text-brand-100">{t('footer.mission')}</p>
          <dl className="mt-6 grid grid-cols-3 gap-3">
            {stats.map((stat) => (
              <div key={stat.label} className="rounded-2xl bg-white/10 p-3 text-center">
                <dt className="text-sm font-semibold text-brand-100">{stat.label}</dt>
                <dd className="order-first text-2xl font-black">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="text-lg font-extrabold">
            {t('footer.quickLinks')}
          </h2>
          <ul className="mt-3 grid grid-cols-2 gap-2">
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
          <h2 className="text-lg font-extrabold">{t('footer.social')}</h2>
          <ul className="mt-3 flex gap-3">
            {SOCIAL_LINKS.map((link) => (
              <li key={link.name}>
                <a
                  href={link.href}
                  rel="noopener noreferrer"
                  target="_blank"
                  className="flex size-12 items-center justify-center rounded-full bg-white/10 hover:bg-white/20"
                >
                  <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true" focusable="false">
                    <path
                      d={link.path}
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2"
                      strokeLinejoin="round"
                      strokeLinecap="round"
                    />
                  </svg>
                  <span className="sr-only">{link.name}</span>
                </a>
              </li>
            ))}
          </ul>
          <h2 className="mt-6 text-lg font-extrabold">{t('footer.contact')}</h2>
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
