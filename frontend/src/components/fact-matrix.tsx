import {
  FACT_GRIDS,
  type FactGrid,
  type FactState,
  type FactsResponse,
  FLUENT_MS,
  type FluencyThreshold,
  factGridCells,
  GENTLE_FLUENT_MS,
} from '@mathgames/contracts';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  factFluencyQueryOptions,
  storedFluencyThreshold,
  storeFluencyThreshold,
} from '../lib/queries/fact-fluency.js';
import { Button } from './ui/button.js';
import { Skeleton } from './ui/skeleton.js';

/** The chosen threshold, kept on the device: 3 s, or 6 s so timing never shuts out a six-year-old. */
function useThreshold(): [FluencyThreshold, (t: FluencyThreshold) => void] {
  const [threshold, setThreshold] = useState<FluencyThreshold>(storedFluencyThreshold);
  return [
    threshold,
    (t) => {
      setThreshold(t);
      storeFluencyThreshold(t);
    },
  ];
}

const STATE_STYLE: Record<FactState, { cell: string; mark: string }> = {
  fluent: { cell: 'bg-emerald-600 text-white', mark: '✓' },
  slow: { cell: 'bg-amber-200 text-amber-950', mark: '~' },
  wrong: { cell: 'bg-red-100 text-red-900 ring-2 ring-inset ring-red-700', mark: '✗' },
  'not-yet': { cell: 'bg-white text-slate-600', mark: '·' },
};

const OPERATOR: Record<FactGrid, string> = {
  addition: '+',
  subtraction: '−',
  multiplication: '×',
  division: '÷',
};

/** A fact key (`7×8`) as it is read and printed: `7 × 8`. */
export function spoken(fact: string): string {
  return fact.replace('+', ' + ').replace('-', ' − ').replace('×', ' × ').replace('÷', ' ÷ ');
}

/** One matrix: rows and columns of facts, each cell marked by its state in colour and in a sign (not colour alone). */
export function FactGridTable({ grid, facts }: { grid: FactGrid; facts: FactsResponse['facts'] }) {
  const { t } = useTranslation('statistics');
  const byFact = new Map(facts.map((f) => [f.fact, f.state]));
  const cells = factGridCells(grid);
  const firstOperand = (fact: string) =>
    fact.split(/[+\-×÷]/)[grid === 'subtraction' || grid === 'division' ? 1 : 0];
  const secondOperand = (fact: string) =>
    grid === 'subtraction' || grid === 'division'
      ? String(
          grid === 'subtraction'
            ? Number(fact.split('-')[0]) - Number(fact.split('-')[1])
            : Number(fact.split('÷')[0]) / Number(fact.split('÷')[1]),
        )
      : fact.split(/[+×]/)[1];
  return (
    <div className="overflow-x-auto">
      <table
        className="border-separate border-spacing-1 text-center text-sm"
        data-testid={`fact-grid-${grid}`}
      >
        <caption className="sr-only">{t(`facts.grids.${grid}`)}</caption>
        <thead>
          <tr>
            <th scope="col" className="size-9 font-black text-slate-700">
              {OPERATOR[grid]}
            </th>
            {cells[0]!.map((fact) => (
              <th key={fact} scope="col" className="size-9 font-bold text-slate-700">
                {secondOperand(fact)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {cells.map((row) => (
            <tr key={row[0]}>
              <th scope="row" className="size-9 font-bold text-slate-700">
                {firstOperand(row[0]!)}
              </th>
              {row.map((fact) => {
                const state = byFact.get(fact) ?? 'not-yet';
                return (
                  <td
                    key={fact}
                    className={`size-9 rounded-lg font-black ${STATE_STYLE[state].cell}`}
                    data-testid={`fact-${fact}`}
                    data-state={state}
                    title={`${spoken(fact)}: ${t(`facts.states.${state}`)}`}
                  >
                    <span aria-hidden="true">{STATE_STYLE[state].mark}</span>
                    <span className="sr-only">{`${spoken(fact)}: ${t(`facts.states.${state}`)}`}</span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The legend, with how many facts of this matrix are in each state. */
function Legend({ grid, facts }: { grid: FactGrid; facts: FactsResponse['facts'] }) {
  const { t } = useTranslation('statistics');
  const all = factGridCells(grid).flat();
  const byFact = new Map(facts.map((f) => [f.fact, f.state]));
  const counts = { fluent: 0, slow: 0, wrong: 0, 'not-yet': 0 } satisfies Record<FactState, number>;
  for (const fact of all) counts[byFact.get(fact) ?? 'not-yet'] += 1;
  return (
    <ul className="mt-3 flex flex-wrap gap-3 text-base font-bold" data-testid="fact-legend">
      {(Object.keys(counts) as FactState[]).map((state) => (
        <li key={state} className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className={`inline-flex size-7 items-center justify-center rounded-md ${STATE_STYLE[state].cell}`}
          >
            {STATE_STYLE[state].mark}
          </span>
          <span data-testid={`fact-count-${state}`}>
            {t(`facts.legend.${state}`, { count: counts[state] })}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The fact matrices: which basic facts the child knows by heart (fluent: right within the threshold in 2 of the last
 * 3 tries), which are right but slow, which were wrong last time, and which are not tried yet. `facts` given: shown
 * as is (a teacher's view of a pupil); otherwise the signed-in pupil's own.
 */
export function FactMatrix({
  data,
  threshold: controlled,
  onThreshold,
}: {
  data?: { status: 'pending' | 'error' | 'success'; facts?: FactsResponse['facts']; retry?: () => void };
  threshold?: FluencyThreshold;
  onThreshold?: (t: FluencyThreshold) => void;
}) {
  const { t } = useTranslation(['statistics', 'common']);
  const [grid, setGrid] = useState<FactGrid>('addition');
  const [ownThreshold, setOwnThreshold] = useThreshold();
  const threshold = controlled ?? ownThreshold;
  const setThreshold = onThreshold ?? setOwnThreshold;
  const own = useQuery({ ...factFluencyQueryOptions(threshold), enabled: data === undefined });
  const state = data ?? {
    status: own.status,
    facts: own.data?.facts,
    retry: () => void own.refetch(),
  };

  let body: ReactNode;
  if (state.status === 'pending') {
    body = <Skeleton className="h-80" data-testid="fact-matrix-loading" />;
  } else if (state.status === 'error' || !state.facts) {
    body = (
      <div role="alert" className="rounded-3xl bg-red-50 p-6 text-center text-lg font-bold text-red-900">
        <p>{t('facts.error')}</p>
        {state.retry && (
          <Button variant="outline" className="mt-3" onClick={state.retry}>
            {t('common:actions.retry')}
          </Button>
        )}
      </div>
    );
  } else {
    body = (
      <>
        {state.facts.length === 0 && (
          <p
            className="mb-3 rounded-2xl bg-sky-50 p-4 text-lg font-bold text-sky-950"
            data-testid="fact-matrix-empty"
          >
            {t('facts.empty')}
          </p>
        )}
        <FactGridTable grid={grid} facts={state.facts} />
        <Legend grid={grid} facts={state.facts} />
      </>
    );
  }

  return (
    <section aria-labelledby="facts-heading" className="mt-8" data-testid="fact-matrix">
      <h2 id="facts-heading" className="text-2xl font-black">
        {t('facts.heading')}
      </h2>
      <p className="mt-1 text-lg text-slate-700">{t('facts.explain', { seconds: threshold / 1000 })}</p>
      <fieldset className="mt-3 flex flex-wrap items-center gap-2">
        <legend className="sr-only">{t('facts.gridsLabel')}</legend>
        {FACT_GRIDS.map((g) => (
          <Button
            key={g}
            variant={g === grid ? 'primary' : 'outline'}
            aria-pressed={g === grid}
            onClick={() => setGrid(g)}
            data-testid={`fact-tab-${g}`}
          >
            {t(`facts.grids.${g}`)}
          </Button>
        ))}
      </fieldset>
      <fieldset className="mt-3 flex flex-wrap items-center gap-2">
        <legend className="sr-only">{t('facts.thresholdLabel')}</legend>
        {[FLUENT_MS, GENTLE_FLUENT_MS].map((ms) => (
          <Button
            key={ms}
            variant={ms === threshold ? 'primary' : 'outline'}
            aria-pressed={ms === threshold}
            onClick={() => setThreshold(ms as FluencyThreshold)}
            data-testid={`fact-threshold-${ms}`}
          >
            {t(ms === FLUENT_MS ? 'facts.threshold3' : 'facts.threshold6')}
          </Button>
        ))}
      </fieldset>
      <div className="mt-4">{body}</div>
    </section>
  );
}
