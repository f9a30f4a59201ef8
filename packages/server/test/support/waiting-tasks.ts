import { serve } from '../../src/adapters/untrusted/serve.ts';

/**
 * A task table for a test pool (adapters/untrusted/pool.ts createPool): a task that takes the time it
 * is given, to fill a pool's workers and queue without a real file, and one that never ends nor yields,
 * which only ending its worker stops, on any machine however fast. Imported by type only outside the
 * worker: importing it serves the table.
 */
export const waitingTasks = {
  wait: (ms: number) => new Promise<number>((resolve) => setTimeout(() => resolve(ms), ms)),
  spin: () => {
    for (;;) {
      // Busy: no timer, message or promise of this worker runs again.
    }
  },
};
export type WaitingTasks = typeof waitingTasks;

serve(waitingTasks);
