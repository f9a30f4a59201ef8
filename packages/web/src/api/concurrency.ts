/** Runs a task once a slot is free. */
export type Limiter = <T>(task: () => Promise<T>) => Promise<T>;

/**
 * At most `max` tasks in flight at once; the rest wait their turn, first come first served. A task that
 * fails frees its slot as one that succeeds does (spec 1 §7: room details are fetched 10 at a time).
 */
export function createLimiter(max: number): Limiter {
  let running = 0;
  const waiting: (() => void)[] = [];
  // An ending task hands its slot straight to the first waiter, so a newcomer cannot slip in between.
  const release = () => {
    const handOver = waiting.shift();
    if (handOver) handOver();
    else running -= 1;
  };
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await task();
    } finally {
      release();
    }
  };
}
