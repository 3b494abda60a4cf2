import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/faq')({ component: Screen });

function Screen() {
  return <h1>faq</h1>;
}
