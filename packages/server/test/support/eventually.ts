/**
 * Polls `read` until `check` holds and returns what it read; throws what it last saw after `ms`. For
 * waits that need the value (vitest's expect.poll only asserts).
 */
export async function eventually<T>(read: () => Promise<T> | T, check: (value: T) => boolean, ms = 15_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
