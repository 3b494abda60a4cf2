import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LockedScreen } from '../components/locked-screen.js';
import { Skeleton } from '../components/ui/skeleton.js';
import { BadgesScreen } from '../features/badges/components/badges-screen.js';
import { useCurrentUser } from '../lib/auth.js';
import { usePageHead } from '../lib/head.js';
import { loadNamespaces } from '../lib/i18n.js';

export const Route = createFileRoute('/badges')({
  loader: () => loadNamespaces('badges'),
  component: BadgesRoute,
});

function BadgesRoute() {
  const { t } = useTranslation('badges');
  const { user, isPending } = useCurrentUser();
  usePageHead({ title: t('title'), description: t('description') });
  if (isPending)
    return (
      <section className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
        <Skeleton className="h-48" />
      </section>
    );
  if (!user) return <LockedScreen />;
  return <BadgesScreen />;
}
