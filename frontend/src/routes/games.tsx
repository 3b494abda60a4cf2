import { createFileRoute } from '@tanstack/react-router';
import { GamesScreen } from '../features/games/components/games-screen.js';
import { loadNamespaces } from '../lib/i18n/i18n.js';

export const Route = createFileRoute('/games')({
  loader: () => loadNamespaces('games'),
  component: GamesScreen,
});
