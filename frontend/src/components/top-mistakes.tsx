import { type MistakeCount, mistakeMessageKey } from '@mathgames/contracts';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../lib/i18n/message-catalogue.js';
import { buttonClasses } from './ui/button.js';

/** "Mistakes I make most", from the read model the statistics worker keeps, with the practice button. */
export function TopMistakes({ mistakes }: { mistakes: MistakeCount[] }) {
  const { t } = useTranslation('statistics');
  const message = useMessage();
  return (
    <section aria-labelledby="mistakes-heading" className="mt-8 rounded-3xl bg-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="mistakes-heading" className="text-2xl font-black">
          {t('mistakes.heading')}
        </h2>
        <Link to="/review" className={buttonClasses('primary', 'lg')} data-testid="practise-mistakes">
          {t('mistakes.practise')} <span aria-hidden="true">▶</span>
        </Link>
      </div>
      {mistakes.length === 0 ? (
        <p className="mt-3 text-lg text-slate-700" data-testid="mistakes-empty">
          {t('mistakes.empty')}
        </p>
      ) : (
        <ol className="mt-3 flex flex-col gap-2" data-testid="top-mistakes">
          {mistakes.map((m) => (
            <li
              key={m.kind}
              className="flex items-center justify-between gap-3 rounded-2xl bg-red-50 px-4 py-3 text-lg"
              data-mistake={m.kind}
            >
              <span className="font-semibold text-red-950">{message(mistakeMessageKey(m.kind))}</span>
              <span className="shrink-0 font-black tabular-nums text-red-950">
                {t('mistakes.times', { count: m.count })}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
