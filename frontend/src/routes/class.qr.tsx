import { createFileRoute } from '@tanstack/react-router';
import { QrSignIn } from '../features/pupil-sign-in/components/qr-sign-in.js';
import { loadNamespaces } from '../lib/i18n/i18n.js';

export const Route = createFileRoute('/class/qr')({
  loader: () => loadNamespaces('pupil'),
  component: QrSignIn,
});
