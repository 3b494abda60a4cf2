import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LockedScreen } from '../components/locked-screen.js';
import { useCurrentUser } from '../lib/auth.js';
import { usePageHead } from '../lib/head.js';

// Placeholder: the statistics/badges/profile screens belong to Frontend II, who replaces this file.
export const Route = createFileRoute('/badges')({ component: Placeholder });

function Placeholder() {
  const { t } = useTranslation('common');
  const { user } = useCurrentUser();
  usePageHead({ title: t('nav.badges') });
  if (!user) return <LockedScreen />;
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-black">{t('nav.badges')}</h1>
    </section>
  );
}
