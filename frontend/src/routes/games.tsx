import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/games')({ component: Screen });

function Screen() {
  return <h1>games</h1>;
}
