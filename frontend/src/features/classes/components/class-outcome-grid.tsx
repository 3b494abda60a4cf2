import { type ClassMastery, MASTERY_LEVELS, OUTCOMES, type Outcome } from '@mathgames/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { classOutcomesQueryOptions } from '../api/class-dashboard.js';
import { KeyPills } from './key-pills.js';
import { LoadError } from './load-error.js';
import { MARKS, MarkIcon, RUNG_STYLES, RungCell, RungShape } from './mastery-rung.js';
import { NeedsHelpList, RetentionList, useOutcomeText } from './outcome-lists.js';

/** The outcomes some pupil of the class has started, in the map's order: the grid's columns. */
export function startedOutcomes(data: ClassMastery): Outcome[] {
  const codes = new Set(data.pupils.flatMap((p) => p.outcomes.map((o) => o.outcome)));
  return OUTCOMES.filter((o) => codes.has(o.code));
}

/** Every rung with its shape, then every mark with its icon and what it means. */
function Legend() {
  const { t } = useTranslation('teacher');
  return (
    <div className="mt-3">
      <h3 className="sr-only">{t('outcomes.legend')}</h3>
      <KeyPills
        testId="rung-legend"
        pills={MASTERY_LEVELS.map((level) => ({
          key: level,
          className:
            level === 'not-started' ? 'bg-white text-slate-700 ring-1 ring-slate-300' : RUNG_STYLES[level],
          shape: <RungShape level={level} />,
          label: t(`outcomes.rungs.${level}`),
        }))}
      />
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-base text-slate-800" data-testid="mark-legend">
        {MARKS.map((mark) => (
          <li key={mark} className="inline-flex items-center gap-1.5">
            <MarkIcon mark={mark} />
            {t(`outcomes.markMeaning.${mark}`)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Pupils × started outcomes; the codes head the columns, their texts are listed under the table. */
function Grid({ data, outcomes, captionId }: { data: ClassMastery; outcomes: Outcome[]; captionId: string }) {
  const { t } = useTranslation('teacher');
  const text = useOutcomeText();
  const now = new Date();
  return (
    <section
      className="mt-4 overflow-x-auto rounded-xl focus-visible:outline-3 focus-visible:outline-brand-600"
      aria-labelledby={captionId}
      // Focusable so a keyboard can scroll it sideways on a phone: it holds no control of its own.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
      tabIndex={0}
    >
      <table className="w-full text-left text-base" data-testid="outcome-table">
        <caption id={captionId} className="sr-only">
          {t('outcomes.caption')}
        </caption>
        <thead>
          <tr className="border-b-2 border-slate-200">
            <th scope="col" className="sticky left-0 bg-white py-2 pr-3">
              {t('outcomes.pupil')}
            </th>
            {outcomes.map((outcome) => (
              <th key={outcome.code} scope="col" className="px-2 py-2 font-mono whitespace-nowrap">
                <abbr title={text(outcome)} className="underline-offset-4">
                  {outcome.code}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.pupils.map((pupil) => {
            const byCode = new Map(pupil.outcomes.map((o) => [o.outcome, o]));
            return (
              <tr key={pupil.pupilId} className="border-b border-slate-100" data-testid="outcome-row">
                <th scope="row" className="sticky left-0 bg-white py-2 pr-3 font-bold whitespace-nowrap">
                  {pupil.name}
                </th>
                {outcomes.map((outcome) => {
                  const state = byCode.get(outcome.code);
                  return (
                    <td
                      key={outcome.code}
                      className="px-2 py-1"
                      data-testid={`outcome-cell-${pupil.pupilId}-${outcome.code}`}
                      data-level={state?.level ?? 'not-started'}
                    >
                      <RungCell state={state} now={now} />
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

/** What each code in the grid means (for touch and keyboard users, who get no tooltip), and what nobody started. */
function Codes({ outcomes }: { outcomes: Outcome[] }) {
  const { t } = useTranslation('teacher');
  const text = useOutcomeText();
  const untouched = OUTCOMES.filter((o) => !outcomes.includes(o));
  return (
    <div className="mt-4" data-testid="outcome-codes">
      <h3 className="text-lg font-extrabold text-slate-900">{t('outcomes.codes')}</h3>
      <dl className="mt-2 grid gap-x-3 gap-y-1 text-base sm:grid-cols-[auto_1fr]">
        {outcomes.map((outcome) => (
          <div key={outcome.code} className="contents">
            <dt className="font-mono font-bold whitespace-nowrap">{outcome.code}</dt>
            <dd className="mb-2 text-slate-800 sm:mb-0">
              {text(outcome)} <span className="text-slate-700">({t('grade', { grade: outcome.grade })})</span>
            </dd>
          </div>
        ))}
      </dl>
      {untouched.length > 0 && (
        <p className="mt-2 text-base text-slate-700" data-testid="outcomes-untouched">
          {t('outcomes.untouched', { codes: untouched.map((o) => o.code).join(', ') })}
        </p>
      )}
    </div>
  );
}

/** The class × outcome grid (docs/product-rules.md#mastery), each outcome's 30-day retention and who needs help with what. */
export function ClassOutcomePanel({ classId }: { classId: number }) {
  const { t } = useTranslation('teacher');
  const id = useId();
  const query = useQuery(classOutcomesQueryOptions(classId));
  const outcomes = query.data ? startedOutcomes(query.data) : [];
  return (
    <section aria-labelledby={`${id}-title`} data-testid="class-outcome-grid">
      <Card>
        <h2 id={`${id}-title`} className="text-xl font-extrabold text-slate-900">
          {t('outcomes.title')}
        </h2>
        <p className="mt-1 text-base text-slate-700">{t('outcomes.intro')}</p>
        {query.isPending ? (
          <div data-testid="outcome-grid-loading">
            <Skeleton className="mt-4 h-16" />
            <Skeleton className="mt-4 h-64" />
            <div className="mt-4 grid gap-6 md:grid-cols-2">
              <Skeleton className="h-32" />
              <Skeleton className="h-32" />
            </div>
          </div>
        ) : query.isError ? (
          <div className="mt-4">
            <LoadError error={query.error} onRetry={() => query.refetch()} />
          </div>
        ) : query.data.pupils.length === 0 ? (
          <p className="mt-4 text-lg text-slate-700">{t('pupils.empty')}</p>
        ) : outcomes.length === 0 ? (
          <p className="mt-4 rounded-2xl bg-sky-50 p-4 text-lg text-sky-950" data-testid="outcome-grid-empty">
            {t('outcomes.empty')}
          </p>
        ) : (
          <>
            <Legend />
            <Grid data={query.data} outcomes={outcomes} captionId={`${id}-caption`} />
            <Codes outcomes={outcomes} />
            <div className="mt-6 grid gap-6 md:grid-cols-2">
              <RetentionList data={query.data} />
              <NeedsHelpList data={query.data} outcomes={outcomes} />
            </div>
          </>
        )}
      </Card>
    </section>
  );
}
