import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/verify-email')({ component: Screen });

function Screen() {
  return <h1>verify-email</h1>;
}
