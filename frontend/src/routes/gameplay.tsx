import { categoryKeyFromGameType, normalizeGameType, parseGameType } from '@mathgames/contracts';
import { createFileRoute, redirect } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { toast } from '../components/ui/toast.js';
import { GameplayScreen } from '../features/gameplay/components/gameplay-screen.js';
import { readSelection, writeSelection } from '../lib/game-selection.js';
import { loadNamespaces } from '../lib/i18n.js';
import { message } from '../lib/messages.js';
import { optionalTextParam } from '../lib/search-params.js';

const searchSchema = z.object({ type: optionalTextParam(40) });

export const Route = createFileRoute('/gameplay')({
  validateSearch: searchSchema,
  beforeLoad: ({ search, preload }) => {
    // Spec §2: without `type` the page rewrites its address to include it (from the games list's choice).
    if (!search.type) {
      throw redirect({
        to: '/gameplay',
        search: { type: categoryKeyFromGameType(readSelection().gameType) },
        replace: true,
      });
    }
    // Spec §6/§11: an unknown type falls back to addition, and "invalid game type" is told with game_start_error.
    if (!parseGameType(search.type)) {
      if (!preload)
        toast({
          title: message('error_title'),
          description: message('game_start_error'),
          variant: 'destructive',
        });
      writeSelection({ gameType: 'toplama' });
      throw redirect({
        to: '/gameplay',
        search: { type: categoryKeyFromGameType('toplama') },
        replace: true,
      });
    }
  },
  loader: () => loadNamespaces('gameplay', 'games'),
  component: GameplayRoute,
});

function GameplayRoute() {
  const { type } = Route.useSearch();
  const gameType = normalizeGameType(type);
  const selection = readSelection();
  writeSelection({ gameType });
  return (
    <GameplayScreen
      key={gameType}
      initialSettings={{ gameType, difficulty: selection.difficulty, count: selection.questions }}
    />
  );
}
