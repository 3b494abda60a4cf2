import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { SignedInGate } from '../components/locked-screen.js';
import { Skeleton } from '../components/ui/skeleton.js';
import { BadgesScreen } from '../features/badges/components/badges-screen.js';
import { usePageHead } from '../lib/head.js';
import { loadNamespaces } from '../lib/i18n/i18n.js';

export const Route = createFileRoute('/badges')({
  loader: () => loadNamespaces('badges'),
  component: BadgesRoute,
});

function BadgesRoute() {
  const { t } = useTranslation('badges');
  usePageHead({ title: t('title'), description: t('description') });
  return <SignedInGate loading={<Skeleton className="h-48" />}>{() => <BadgesScreen />}</SignedInGate>;
}
