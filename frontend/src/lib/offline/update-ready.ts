import { atom } from 'jotai';

/** Set when a new build's service worker is installed and waiting: `accept` switches to it and reloads. */
export const updateReadyAtom = atom<{ accept: () => Promise<void> } | null>(null);
