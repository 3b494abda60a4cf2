import { categoryKeyFromGameType, normalizeGameType, parseGameType } from '@mathgames/contracts';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { useEffect } from 'react';
import { toast } from '../components/ui/toast.js';
import { GameplayScreen } from '../features/gameplay/components/gameplay-screen.js';
import { readSelection, writeSelection } from '../lib/game-selection.js';
import { loadNamespaces } from '../lib/i18n/i18n.js';
import { textSearchParams } from '../lib/search-params.js';

// `start=1`: begin at once with the stored choices (an assignment on the home screen is one tap).
const searchSchema = textSearchParams({ type: 40, start: 1 });

export const Route = createFileRoute('/gameplay')({
  validateSearch: searchSchema,
  beforeLoad: async ({ search, preload }) => {
    // Without `type` the page rewrites its address to include it (from the games list's choice).
    if (!search.type) {
      throw redirect({
        to: '/gameplay',
        search: { type: categoryKeyFromGameType(readSelection().gameType) },
        replace: true,
      });
    }
    // An unknown type falls back to addition, and the child is told the game could not start (game_start_error).
    if (!parseGameType(search.type)) {
      if (!preload) {
        // The contracts message catalogue stays out of the first download (route options ship in it).
        const { message } = await import('../lib/i18n/message-catalogue.js');
        toast({
          title: message('error_title'),
          description: message('game_start_error'),
          variant: 'destructive',
        });
      }
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
  const { type, start } = Route.useSearch();
  const gameType = normalizeGameType(type);
  // The stored choices (session storage; the defaults where there is none, as in the build's pre-render).
  const selection = readSelection();
  useEffect(() => writeSelection({ gameType }), [gameType]);
  return (
    <GameplayScreen
      key={gameType}
      initialSettings={{ gameType, difficulty: selection.difficulty, count: selection.questions }}
      autoStart={start === '1'}
    />
  );
}
