import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React adopts a pre-rendered page (and in the pre-render itself), true from the next render on.
 * Controls that only work with the script (menu toggles) are disabled until then, so an early tap is not lost
 * silently and the markup still matches the pre-rendered one. What this device stored (the game screen's last
 * choices, the learning switches) is shown from then on too. A page the browser draws itself is true at once.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
