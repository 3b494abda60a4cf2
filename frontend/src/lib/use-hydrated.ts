import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React draws the server's markup (the build's pre-render) and while it hydrates that markup in the
 * browser, true from the render right after: a screen drawn ahead of time shows what is the same for everyone
 * (the defaults) until then, and what this device stored (last choices, switches) once it is true. A page the
 * browser renders itself (not hydrated) is true from its first render, so nothing flickers there.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
