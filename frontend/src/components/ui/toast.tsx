import { atom, useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { store } from '../../lib/store.js';

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
}

/** At most one toast at a time: a new toast replaces the shown one. */
export const toastAtom = atom<ToastMessage | null>(null);

let nextId = 1;

/** Shows a toast from anywhere (event handlers, mutations, loaders). */
export function toast(message: { title: string; description?: string; variant?: ToastVariant }): void {
  store.set(toastAtom, { id: nextId++, variant: 'default', ...message });
}

// The Radix toast UI is fetched with the first toast, keeping it out of the first download.
const ToastView = lazy(() => import('./toast-view.js'));
let viewRequested = false;

/** Mounted once in the root layout; renders nothing until the first toast. */
export function Toaster({ closeLabel }: { closeLabel: string }) {
  const current = useAtomValue(toastAtom);
  if (current) viewRequested = true;
  if (!viewRequested) return null;
  return (
    <Suspense fallback={null}>
      <ToastView closeLabel={closeLabel} />
    </Suspense>
  );
}
