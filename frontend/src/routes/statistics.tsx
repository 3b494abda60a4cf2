import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LockedScreen } from '../components/locked-screen.js';
import { StatisticsScreen, StatisticsSkeleton } from '../features/statistics/components/statistics-screen.js';
import { useCurrentUser } from '../lib/auth.js';
import { usePageHead } from '../lib/head.js';
import { loadNamespaces } from '../lib/i18n.js';

export const Route = createFileRoute('/statistics')({
  loader: () => loadNamespaces('statistics'),
  component: StatisticsRoute,
});

function StatisticsRoute() {
  const { t } = useTranslation('statistics');
  const { user, isPending } = useCurrentUser();
  usePageHead({ title: t('title'), description: t('description') });
  if (isPending)
    return (
      <section className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
        <StatisticsSkeleton />
      </section>
    );
  if (!user) return <LockedScreen />;
  return <StatisticsScreen />;
}
