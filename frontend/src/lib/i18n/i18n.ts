import { LANGUAGES, type Lang, localeOf, normalizeLang } from '@mathgames/contracts';
import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import commonEn from '../../locales/en/common.json';
import homeEn from '../../locales/en/home.json';
import commonTr from '../../locales/tr/common.json';
import homeTr from '../../locales/tr/home.json';
import { languageDetector } from './language-detector.js';

export { LANGUAGES, type Lang, localeOf };

/**
 * Every `src/locales/<lang>/<namespace>.json` is its own chunk, fetched when a route needs it (route loaders call
 * `loadNamespaces`). Only `common` (frame, toasts) and `home` (the landing page) ship in the first bundle. Adding a namespace = adding the files.
 */
const localeFiles = import.meta.glob<{ default: ResourceKey }>([
  '../../locales/*/*.json',
  '!../../locales/*/common.json',
]);

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = localeFiles[`../../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

i18n
  .use(lazyLocales)
  .use(languageDetector)
  .use(initReactI18next)
  .init({
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: 'tr',
    ns: ['common', 'home'],
    defaultNS: 'common',
    partialBundledLanguages: true,
    resources: { tr: { common: commonTr, home: homeTr }, en: { common: commonEn, home: homeEn } },
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });

const syncHtmlLang = (lng: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = toLang(lng);
};
syncHtmlLang(i18n.resolvedLanguage ?? 'tr');
i18n.on('languageChanged', syncHtmlLang);

export function toLang(lng: string | undefined): Lang {
  return normalizeLang(lng);
}

/** The current UI language, always one of the two supported ones. */
export function currentLang(): Lang {
  return toLang(i18n.resolvedLanguage ?? i18n.language);
}

/** For route loaders: fetch a screen's namespaces before it renders, so it never flashes keys. */
export function loadNamespaces(...namespaces: string[]): Promise<void> {
  return i18n.loadNamespaces(namespaces);
}

export default i18n;
