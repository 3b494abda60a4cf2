import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/reset-password')({ component: Screen });

function Screen() {
  return <h1>reset-password</h1>;
}
