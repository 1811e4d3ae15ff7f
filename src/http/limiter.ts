/**
 * A bound on how many heavy requests (archive lists) run at once, so a burst of slow lists cannot take every
 * database connection and starve single reads. Callers over the bound queue in arrival order; one that waits
 * longer than `waitMs` is refused (the caller answers 503) instead of running after its client gave up.
 */
export interface Limiter {
  run<T>(work: () => Promise<T>): Promise<T>;
}

export class LimiterBusy extends Error {}

export function createLimiter(max: number, waitMs: number): Limiter {
  let running = 0;
  const queue: Array<{ start: () => void; timer: NodeJS.Timeout }> = [];
  const next = () => {
    const waiter = queue.shift();
    if (!waiter) return;
    clearTimeout(waiter.timer);
    waiter.start();
  };
  return {
    async run(work) {
      if (running >= max) {
        await new Promise<void>((resolve, reject) => {
          const waiter = {
            start: resolve,
            timer: setTimeout(() => {
              queue.splice(queue.indexOf(waiter), 1);
              reject(new LimiterBusy('too many heavy requests'));
            }, waitMs),
          };
          queue.push(waiter);
        });
      } else {
        running++;
      }
      try {
        return await work();
      } finally {
        // A slot is handed over directly to the next waiter, or freed.
        if (queue.length > 0) next();
        else running--;
      }
    },
  };
}
