import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { localeOf, toLang } from './i18n/i18n.js';

function setMeta(selector: string, attribute: 'name' | 'property', key: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(selector);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.content = content;
}

function setLink(rel: string, href: string): void {
  let element = document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
  if (!element) {
    element = document.createElement('link');
    element.rel = rel;
    document.head.append(element);
  }
  element.href = href;
}

export interface PageHead {
  title: string;
  description: string;
}

/** The last head a server-side render asked for (see `src/prerender.tsx`). */
export const renderedHead: { current: PageHead | null } = { current: null };

/**
 * Per-page head data: title, description, social tags (og:url and the 1200x630 og:image at the site root)
 * and the canonical link, on the site root's origin. Each page's canonical names its own path: a canonical to the
 * home page from every page would tell search engines every page duplicates the home page.
 * Omitted title/description fall back to the Turkish-first defaults of the current language.
 */
export function usePageHead({ title, description }: { title?: string; description?: string }): void {
  const { t, i18n } = useTranslation('common');
  const fullTitle = title ? `${title} | ${t('meta.titleSuffix')}` : t('meta.defaultTitle');
  const fullDescription = description ?? t('meta.defaultDescription');
  // Pre-rendering (no effects run there) reads the head of the page it rendered from here.
  if (import.meta.env.SSR) renderedHead.current = { title: fullTitle, description: fullDescription };
  useEffect(() => {
    const root = `${window.location.origin}/`;
    document.title = fullTitle;
    setMeta('meta[name="description"]', 'name', 'description', fullDescription);
    setMeta('meta[property="og:title"]', 'property', 'og:title', fullTitle);
    setMeta('meta[property="og:description"]', 'property', 'og:description', fullDescription);
    setMeta('meta[property="og:url"]', 'property', 'og:url', root);
    setMeta('meta[property="og:image"]', 'property', 'og:image', `${root}og-image.png`);
    setMeta(
      'meta[property="og:locale"]',
      'property',
      'og:locale',
      // Open Graph writes the locale with an underscore.
      localeOf(toLang(i18n.resolvedLanguage)).replace('-', '_'),
    );
    setMeta('meta[name="twitter:title"]', 'name', 'twitter:title', fullTitle);
    setMeta('meta[name="twitter:description"]', 'name', 'twitter:description', fullDescription);
    setMeta('meta[name="twitter:image"]', 'name', 'twitter:image', `${root}og-image.png`);
    setLink('canonical', `${window.location.origin}${window.location.pathname}`);
  }, [fullTitle, fullDescription, i18n.resolvedLanguage]);
}
