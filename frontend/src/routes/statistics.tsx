import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { FactMatrix } from '../components/fact-matrix.js';
import { SignedInGate } from '../components/locked-screen.js';
import { OutcomeMap } from '../features/statistics/components/outcome-map.js';
import { StatisticsScreen, StatisticsSkeleton } from '../features/statistics/components/statistics-screen.js';
import { usePageHead } from '../lib/head.js';
import { loadNamespaces } from '../lib/i18n/i18n.js';

export const Route = createFileRoute('/statistics')({
  loader: () => loadNamespaces('statistics'),
  component: StatisticsRoute,
});

function StatisticsRoute() {
  const { t } = useTranslation('statistics');
  usePageHead({ title: t('title'), description: t('description') });
  return (
    <SignedInGate
      loading={<StatisticsSkeleton />}
      guest={
        // A guest's outcome map is kept on this device by their finished games (docs/product-rules.md#mastery).
        <div className="mx-auto max-w-6xl px-4 pb-12">
          <OutcomeMap guest />
        </div>
      }
    >
      {() => (
        <>
          <StatisticsScreen />
          {/* Fact fluency and the outcome map (docs/product-rules.md#fact-fluency): their own queries, so the totals above never wait. */}
          <div className="mx-auto max-w-6xl px-4 pb-12">
            <FactMatrix />
            <OutcomeMap />
          </div>
        </>
      )}
    </SignedInGate>
  );
}
