/** Polls until fn returns a truthy value (or stops throwing) and returns it; fails with the last error on timeout. */
export async function waitFor<T>(
  fn: () => T | Promise<T>,
  options: { timeoutMs?: number; intervalMs?: number; message?: string } = {},
): Promise<NonNullable<T>> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const intervalMs = options.intervalMs ?? 50;
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await fn();
      if (value) return value as NonNullable<T>;
      lastError = undefined;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() >= deadline) {
      const reason = lastError instanceof Error ? `: ${lastError.message}` : '';
      throw new Error(`${options.message ?? 'condition not met'} within ${timeoutMs} ms${reason}`, {
        cause: lastError,
      });
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
