import { getDefaultStore } from 'jotai';

/** The one jotai store: helpers outside React (`toast()`, `playSound()`) read and write the same atoms. */
export const store = getDefaultStore();
