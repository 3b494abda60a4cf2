/** Capped exponential backoff with jitter (50-100 % of the step) so reconnecting replicas do not stampede. */
export function backoffDelay(attempt: number, baseMs = 200, capMs = 15_000): number {
  const step = Math.min(capMs, baseMs * 2 ** Math.min(attempt, 20));
  return Math.round(step / 2 + Math.random() * (step / 2));
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) {
      resolve();
      return;
    }
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
