import { createFileRoute } from '@tanstack/react-router';
import { ClassCodeForm } from '../features/pupil-sign-in/components/class-code-form.js';
import { loadNamespaces } from '../lib/i18n/i18n.js';

export const Route = createFileRoute('/class/')({
  loader: () => loadNamespaces('pupil'),
  component: ClassCodeForm,
});
