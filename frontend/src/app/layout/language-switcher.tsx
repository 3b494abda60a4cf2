import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.js';
import { LANGUAGES, toLang } from '../../lib/i18n/i18n.js';
import { useHydrated } from '../../lib/use-hydrated.js';

/**
 * Language dropdown: closes on outside click, Escape or choosing a language. A small disclosure
 * instead of the Radix menu, because it is on every first load.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('common');
  const current = toLang(i18n.resolvedLanguage);
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        data-testid="language-switcher"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        disabled={!hydrated}
        className="inline-flex min-h-12 items-center gap-2 rounded-full border-2 border-slate-200 bg-white px-4 font-bold text-slate-800 hover:border-brand-500 disabled:cursor-wait"
      >
        <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
          <path
            d="M3 12h18M12 3c3 3.5 3 14.5 0 18M12 3c-3 3.5-3 14.5 0 18"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          />
        </svg>
        {/* The visible code starts the accessible name (WCAG 2.5.3): "TR, Choose language: Türkçe". */}
        {current.toUpperCase()}
        <span className="sr-only">
          , {t('nav.chooseLanguage')}: {t(`languages.${current}`)}
        </span>
        <span aria-hidden="true" className={cn('text-xs transition-transform', open && 'rotate-180')}>
          ▼
        </span>
      </button>
      <ul
        id={listId}
        hidden={!open}
        aria-label={t('nav.chooseLanguage')}
        className="fade-in absolute right-0 z-50 mt-2 min-w-44 rounded-2xl border border-slate-200 bg-white p-1 shadow-xl"
      >
        {LANGUAGES.map((lang) => (
          <li key={lang}>
            <button
              type="button"
              lang={lang}
              aria-current={lang === current ? 'true' : undefined}
              data-testid={`language-option-${lang}`}
              onClick={() => {
                setOpen(false);
                buttonRef.current?.focus();
                if (lang !== current) void i18n.changeLanguage(lang);
              }}
              className={cn(
                'flex min-h-12 w-full items-center gap-2 rounded-xl px-4 text-left text-base font-semibold hover:bg-brand-50',
                lang === current && 'text-brand-700',
              )}
            >
              {t(`languages.${lang}`)}
              {lang === current && (
                <span aria-hidden="true" className="ml-auto">
                  ✓
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
