import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/gameplay')({ component: Screen });

function Screen() {
  return <h1>gameplay</h1>;
}
