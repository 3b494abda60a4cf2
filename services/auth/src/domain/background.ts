import type { Logger } from '@mathgames/platform';

/**
 * Work started after the response is sent (so its duration cannot leak through timing). Errors are logged,
 * never thrown into a request; close() waits for what is still running so shutdown loses nothing.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly logger: Logger) {}

  run(name: string, task: () => Promise<void>): void {
    const promise = task()
      .catch((err: unknown) => this.logger.error({ err, task: name }, 'background task failed'))
      .finally(() => this.running.delete(promise));
    this.running.add(promise);
  }

  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
