import { type Grade, OUTCOMES, type OutcomeMastery } from '@mathgames/contracts';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SkeletonList } from '../../../components/query-states.js';
import { Button } from '../../../components/ui/button.js';
import { readGuestMastery } from '../../../lib/guest-mastery.js';
import { outcomeMasteryQueryOptions } from '../../../lib/queries/outcome-mastery.js';
import { OutcomeRow } from './outcome-row.js';

const GRADES = [...new Set(OUTCOMES.map((o) => o.grade))].sort((a, b) => a - b) as Grade[];

interface MapData {
  status: 'pending' | 'error' | 'success';
  outcomes?: OutcomeMastery[];
  retry?: () => void;
}

/** The signed-in pupil's map from the server; a guest's from this device (kept by their finished games). */
function useOutcomeMastery(guest: boolean): MapData {
  const server = useQuery({ ...outcomeMasteryQueryOptions, enabled: !guest });
  const [onDevice] = useState(() => (guest ? readGuestMastery() : []));
  if (guest) return { status: 'success', outcomes: onDevice };
  return { status: server.status, outcomes: server.data?.outcomes, retry: () => void server.refetch() };
}

/** Every outcome of the programme grouped by grade, each on its rung (not started unless `outcomes` has it). */
function OutcomeGrades({ outcomes }: { outcomes: OutcomeMastery[] }) {
  const { t } = useTranslation('statistics');
  const byCode = new Map(outcomes.map((s) => [s.outcome, s]));
  // The device's clock: a check falls due on the child's own day (and tests can move it).
  const now = new Date();
  return (
    <div className="flex flex-col gap-6">
      {GRADES.map((grade) => (
        <div key={grade}>
          <h3 id={`outcome-grade-${grade}`} className="mb-2 text-xl font-extrabold">
            {t('outcomes.grade', { grade })}
          </h3>
          <ul className="flex flex-col gap-3" aria-labelledby={`outcome-grade-${grade}`}>
            {OUTCOMES.filter((o) => o.grade === grade).map((outcome) => (
              <OutcomeRow key={outcome.code} outcome={outcome} state={byCode.get(outcome.code)} now={now} />
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

/**
 * "My outcome map" (docs/product-rules.md#the-outcome-map): every Maarif outcome the games practise, on its rung of the mastery ladder, with a
 * mastered outcome's check (due, on a day, or confirmed). `guest`: the map kept on this device.
 */
export function OutcomeMap({ guest = false }: { guest?: boolean }) {
  const { t } = useTranslation(['statistics', 'common']);
  const data = useOutcomeMastery(guest);

  let body: ReactNode;
  if (data.status === 'pending') {
    body = (
      <div aria-busy="true" data-testid="outcome-map-loading">
        <SkeletonList count={4} itemClassName="h-24 rounded-3xl" />
      </div>
    );
  } else if (data.status === 'error' || !data.outcomes) {
    body = (
      <div role="alert" className="rounded-3xl bg-red-50 p-6 text-center text-lg font-bold text-red-900">
        <p>{t('outcomes.error')}</p>
        {data.retry && (
          <Button variant="outline" className="mt-3" onClick={data.retry}>
            {t('common:actions.retry')}
          </Button>
        )}
      </div>
    );
  } else {
    body = (
      <>
        {data.outcomes.length === 0 && (
          <p
            className="mb-4 rounded-2xl bg-sky-50 p-4 text-lg font-bold text-sky-950"
            data-testid="outcome-map-empty"
          >
            {t('outcomes.empty')}
          </p>
        )}
        <OutcomeGrades outcomes={data.outcomes} />
      </>
    );
  }

  return (
    <section aria-labelledby="outcomes-heading" className="mt-8" data-testid="outcome-map">
      <h2 id="outcomes-heading" className="text-2xl font-black">
        {t('outcomes.heading')}
      </h2>
      <p className="mt-1 text-lg text-slate-700">{t('outcomes.explain')}</p>
      {guest && (
        <p className="mt-2 text-lg font-semibold text-slate-800" data-testid="outcome-map-guest">
          {t('outcomes.guest')}
        </p>
      )}
      <div className="mt-4">{body}</div>
    </section>
  );
}
