import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ClassCodeForm } from '../features/pupil-sign-in/components/class-code-form.js';
import { usePageHead } from '../lib/head.js';
import { loadNamespaces } from '../lib/i18n.js';

export const Route = createFileRoute('/class/')({
  loader: () => loadNamespaces('pupil'),
  component: ClassCodeRoute,
});

function ClassCodeRoute() {
  const { t } = useTranslation('pupil');
  usePageHead({ title: t('code.title'), description: t('code.intro') });
  return <ClassCodeForm />;
}
