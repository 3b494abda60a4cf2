import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../components/ui/toast.js';
import { HomeScreen } from '../features/home/components/home-screen.js';
import { textSearchParams } from '../lib/search-params.js';

const searchSchema = textSearchParams({ verified: 10 });

export const Route = createFileRoute('/')({
  validateSearch: searchSchema,
  component: Home,
});

function Home() {
  const { verified } = Route.useSearch();
  const navigate = useNavigate();
  const { t } = useTranslation('home');
  // `?verified=true` shows the e-mail-verified toast once and leaves the address clean.
  useEffect(() => {
    if (verified === undefined) return;
    if (verified === 'true') toast({ title: t('verified'), variant: 'success' });
    void navigate({ to: '/', search: {}, replace: true });
  }, [verified, navigate, t]);
  return <HomeScreen />;
}
