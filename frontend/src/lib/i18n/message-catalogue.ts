import { type MessageKey, translate } from '@mathgames/contracts';
import { useTranslation } from 'react-i18next';
import { currentLang, toLang } from './i18n.js';

/** Texts shared with the API (validation, error catalogue, result bands) come from the contracts catalogue. */
export function useMessage(): (key: MessageKey | string, vars?: Record<string, string | number>) => string {
  const { i18n } = useTranslation();
  const lang = toLang(i18n.resolvedLanguage);
  return (key, vars) => translate(key, lang, vars);
}

/** Outside React (toasts from callbacks). */
export function message(key: MessageKey | string, vars?: Record<string, string | number>): string {
  return translate(key, currentLang(), vars);
}
