import { GAME_TYPES } from '@mathgames/contracts';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/games')({ component: Screen });

function Screen() {
  return <h1>{GAME_TYPES.join()}</h1>;
}
