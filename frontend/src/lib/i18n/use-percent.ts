import { useTranslation } from 'react-i18next';
import { localeOf, toLang } from './i18n.js';

/** A whole percent in the interface language's order ("%42" in Turkish, "42%" in English). */
export function usePercent(): (value: number) => string {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(localeOf(toLang(i18n.resolvedLanguage)), {
    style: 'percent',
    maximumFractionDigits: 0,
  });
  return (value) => format.format(value / 100);
}
