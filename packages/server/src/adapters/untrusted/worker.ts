import { parentPort } from 'node:worker_threads';
import { FileRefused } from './refusal.ts';
import { type Tasks, tasks } from './tasks.ts';

/** The worker's side of pool.ts: one task at a time, answered with its value or what went wrong. */
const port = parentPort;
if (!port) throw new Error('worker.ts runs in a worker thread (see pool.ts)');

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

port.on('message', async ({ task, args }: { task: keyof Tasks; args: unknown[] }) => {
  try {
    const run = tasks[task] as (...input: unknown[]) => Promise<unknown>;
    const value = await run(...args);
    port.postMessage({ ok: true, value }, buffersOf(value));
  } catch (error) {
    if (error instanceof FileRefused) {
      port.postMessage({
        ok: false,
        refused: { reason: error.reason, detail: error.detail },
        message: error.message,
      });
    } else port.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});

// Every parser is loaded (the imports above): tasks may come.
port.postMessage({ ready: true });
