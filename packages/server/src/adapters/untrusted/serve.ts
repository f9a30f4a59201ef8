import { parentPort } from 'node:worker_threads';
import { FileRefused } from './refusal.ts';

/** What a worker answers with: a table of functions of plain data (see pool.ts). */
export type TaskTable = Record<string, (...args: never[]) => unknown>;

/**
 * The byte arrays of an answer that own their whole buffer, handed back rather than copied (a small Node
 * Buffer is a view of a shared slab, which must stay: it is copied).
 */
function buffersOf(value: unknown): ArrayBuffer[] {
  const found = new Set<ArrayBuffer>();
  const owns = (bytes: Uint8Array) => bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  const visit = (item: unknown, depth: number) => {
    if (item instanceof Uint8Array) {
      if (item.buffer instanceof ArrayBuffer && owns(item)) found.add(item.buffer);
    } else if (depth < 2 && item && typeof item === 'object') {
      for (const v of Object.values(item)) visit(v, depth + 1);
    }
  };
  visit(value, 0);
  return [...found];
}

/**
 * The worker's side of pool.ts: runs one task of `tasks` at a time, answered with its value or what went
 * wrong, and says it is ready once its module (every parser it imports) has loaded.
 */
export function serve(tasks: TaskTable) {
  const port = parentPort;
  if (!port) throw new Error('A task table is served in a worker thread (see pool.ts)');
  port.on('message', async ({ task, args }: { task: string; args: unknown[] }) => {
    try {
      const run = tasks[task] as (...input: unknown[]) => Promise<unknown>;
      const value = await run(...args);
      port.postMessage({ ok: true, value }, buffersOf(value));
    } catch (error) {
      if (error instanceof FileRefused) {
        // Its message is the reason's, which the pool's FileRefused says again.
        port.postMessage({ ok: false, refused: { reason: error.reason, detail: error.detail } });
      } else port.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
    }
  });
  port.postMessage({ ready: true });
}
