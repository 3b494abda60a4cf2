import { toast } from '../components/ui/toast.js';

const KEY = 'pendingToast';

/** The page reloads after login/logout; the toast that goes with it is shown after the reload. */
export function toastAfterReload(message: {
  title: string;
  description?: string;
  variant?: 'success' | 'default';
}): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(message));
  } catch (error) {
    console.warn('storage write failed', error);
  }
}

export function showPendingToast(): void {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return;
    sessionStorage.removeItem(KEY);
    const parsed = JSON.parse(raw) as { title?: unknown; description?: unknown; variant?: unknown };
    if (typeof parsed.title !== 'string') return;
    toast({
      title: parsed.title,
      description: typeof parsed.description === 'string' ? parsed.description : undefined,
      variant: parsed.variant === 'success' ? 'success' : 'default',
    });
  } catch {
    // a broken entry is simply dropped
  }
}
