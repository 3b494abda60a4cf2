import { createFileRoute } from '@tanstack/react-router';
import { ReviewScreen } from '../features/gameplay/components/review-screen.js';
import { loadNamespaces } from '../lib/i18n/i18n.js';

export const Route = createFileRoute('/review')({
  loader: () => loadNamespaces('gameplay', 'games'),
  component: ReviewScreen,
});
