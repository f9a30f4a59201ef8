import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { FileRefusalReason } from '@charter/domain';
import { FileRefused } from './refusal.ts';
import type { Tasks } from './tasks.ts';

/**
 * Parsing a file someone gave us (a DOCX, a PDF, a picture) runs in a worker thread, never on the thread
 * that answers requests: a file that takes seconds to read makes its own request wait, not every other
 * one. Each worker has a memory ceiling (V8's heap of the worker, resourceLimits) and each task a time
 * limit; past either, the worker is ended, replaced, and the file refused (FILE_TOO_COMPLEX). Workers are
 * kept and reused (starting one costs about half a second), at most POOL_SIZE at a time; tasks beyond that
 * wait their turn. This is the same shape as LibreOffice and poppler here (child processes with a time
 * limit), for the parsers that are JavaScript libraries.
 */
export const POOL_SIZE = Math.max(2, Math.min(4, availableParallelism()));
export const TIME_LIMIT_MS = 20_000;
/** A worker's JavaScript heap; the bytes it unpacks are held to the zip and PDF limits besides. */
export const HEAP_LIMIT_MB = 512;

export type TaskName = keyof Tasks;
type Result<K extends TaskName> = Awaited<ReturnType<Tasks[K]>>;

type Job = {
  task: TaskName;
  args: unknown[];
  timeLimitMs: number;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

type Reply =
  | { ready: true }
  | { ok: true; value: unknown }
  | { ok: false; refused?: { reason: FileRefusalReason; detail: string }; message: string };

/** A worker; `ready` once it has loaded every parser, so a task's time limit counts only its own work. */
type Slot = { worker: Worker; job: Job | null; timer?: NodeJS.Timeout; ready: boolean; ending: boolean };

const slots = new Set<Slot>();
const waiting: Job[] = [];

/**
 * Runs a task of tasks.ts in a worker, with a time limit (TIME_LIMIT_MS unless given). Byte arrays are
 * copied to the worker, never shared, so the caller keeps its own. A refusal in the worker, a task past
 * its time, or a worker past its memory rejects with FileRefused (422); any other failure rejects with
 * an Error carrying the worker's message.
 */
export function offThread<K extends TaskName>(
  task: K,
  args: Parameters<Tasks[K]>,
  options: { timeLimitMs?: number } = {},
): Promise<Result<K>> {
  return new Promise((resolve, reject) => {
    waiting.push({
      task,
      args,
      timeLimitMs: options.timeLimitMs ?? TIME_LIMIT_MS,
      resolve: resolve as (value: unknown) => void,
      reject,
    });
    next();
  });
}

const readyWaiters: (() => void)[] = [];

/**
 * Starts a worker ahead of the first file (the server does at start), so no user waits for it to load;
 * resolves once one is ready.
 */
export function warmUp(): Promise<void> {
  if ([...slots].some((slot) => slot.ready)) return Promise.resolve();
  if (slots.size === 0) spawn();
  return new Promise((resolve) => readyWaiters.push(resolve));
}

/** Gives waiting tasks a ready worker, and starts workers (up to POOL_SIZE) for those still waiting. */
function next() {
  for (const slot of slots) {
    if (waiting.length === 0) return;
    if (slot.ready && !slot.job && !slot.ending) send(slot, waiting.shift() as Job);
  }
  const starting = [...slots].filter((slot) => !slot.ready).length;
  for (let more = waiting.length - starting; more > 0 && slots.size < POOL_SIZE; more--) spawn();
}

function spawn(): Slot {
  const worker = new Worker(new URL('./worker-boot.mjs', import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: HEAP_LIMIT_MB, maxYoungGenerationSizeMb: 32 },
  });
  // An idle worker does not keep the process alive (a CLI, a test file that ends).
  worker.unref();
  const slot: Slot = { worker, job: null, ready: false, ending: false };
  slots.add(slot);
  worker.on('message', (reply: Reply) => {
    if ('ready' in reply) {
      slot.ready = true;
      for (const resolve of readyWaiters.splice(0)) resolve();
    } else if (reply.ok) finish(slot, null, reply.value);
    else if (reply.refused) finish(slot, new FileRefused(reply.refused.reason, reply.refused.detail));
    else finish(slot, new Error(reply.message));
    next();
  });
  worker.on('error', (error: Error & { code?: string }) => {
    // The worker is gone after an error event; its exit event follows.
    slot.ending = true;
    const outOfMemory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
    finish(slot, outOfMemory ? new FileRefused('memory', error.message) : error);
    // A worker that cannot even load (a broken installation) fails every task alike: say so to all,
    // rather than start workers for them without end.
    if (!slot.ready) for (const job of waiting.splice(0)) job.reject(error);
  });
  worker.on('exit', (code) => {
    slots.delete(slot);
    finish(slot, new Error(`The file worker stopped (exit ${code})`));
    next();
  });
  return slot;
}

/** Copies each byte array into a buffer of its own, handed over to the worker rather than cloned twice. */
function handOver(args: unknown[]): { args: unknown[]; transfer: ArrayBuffer[] } {
  const transfer: ArrayBuffer[] = [];
  const copied = args.map((arg) => {
    if (!(arg instanceof Uint8Array)) return arg;
    const copy = new Uint8Array(arg);
    transfer.push(copy.buffer);
    return copy;
  });
  return { args: copied, transfer };
}

function send(slot: Slot, job: Job) {
  slot.job = job;
  slot.worker.ref();
  // Past its time the task cannot be interrupted inside the worker (its thread is busy): it is ended.
  slot.timer = setTimeout(() => {
    slot.ending = true;
    finish(slot, new FileRefused('time', `${job.task} took over ${job.timeLimitMs} ms`));
    void slot.worker.terminate();
  }, job.timeLimitMs);
  const { args, transfer } = handOver(job.args);
  slot.worker.postMessage({ task: job.task, args }, transfer);
}

/** Settles the slot's task, once: a reply, a timeout, an error and the exit that follows may all come. */
function finish(slot: Slot, error: unknown, value?: unknown) {
  clearTimeout(slot.timer);
  const job = slot.job;
  if (!job) return;
  slot.job = null;
  slot.worker.unref();
  if (error) job.reject(error);
  else job.resolve(value);
}
