import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { FileRefusalReason } from '@charter/domain';
import { AppError } from '../../http/errors.ts';
import { FileRefused, isFileRefused } from './refusal.ts';
import type { TaskTable } from './serve.ts';
import type { Tasks } from './tasks.ts';

/**
 * Parsing a file someone gave us (a DOCX, a PDF, a picture) runs in a worker thread, never on the thread
 * that answers requests: a file that takes seconds to read makes its own request wait, not every other
 * one. Each worker has a memory ceiling (V8's heap of the worker, resourceLimits) and each task a time
 * limit; past either, the worker is ended, replaced, and the file refused (FILE_TOO_COMPLEX). Workers are
 * kept and reused (starting one costs about half a second), at most POOL_SIZE at a time; tasks beyond that
 * wait their turn, at most MAX_WAITING of them. This is the same shape as LibreOffice and poppler here
 * (child processes with time and memory limits), for the parsers that are JavaScript libraries.
 */
const POOL_SIZE = Math.max(2, Math.min(4, availableParallelism()));
const TIME_LIMIT_MS = 20_000;
/** A worker's JavaScript heap; the bytes it unpacks are held to the zip and PDF limits besides. */
const HEAP_LIMIT_MB = 512;
/**
 * Tasks waiting for a worker, past which more are refused rather than queued: each holds its caller's
 * bytes and request, and a queue without end only turns a burst into a slow outage. At a second or less
 * per task, the last of them waits well under a request's patience.
 */
const MAX_WAITING = 32;
/** Seconds a client is told to wait before asking again when the queue is full. */
export const BUSY_RETRY_AFTER = 5;
export const BUSY_MESSAGE = 'The server is busy reading other files. Please try again in a moment.';

const isServerBusy = (error: unknown) => error instanceof AppError && error.code === 'SERVER_BUSY';

/**
 * A refusal (it says which limit the file passed) or a full queue (no fault of the file): what callers
 * that turn any other failed read into "unreadable" pass on as it is.
 */
export const isRefusedOrBusy = (error: unknown) => isFileRefused(error) || isServerBusy(error);

type Job = {
  task: string;
  args: unknown[];
  timeLimitMs: number;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

type Reply =
  | { ready: true }
  | { ok: true; value: unknown }
  | { ok: false; refused: { reason: FileRefusalReason; detail: string } }
  | { ok: false; message: string };

/** A worker; `ready` once it has loaded every parser, so a task's time limit counts only its own work. */
type Slot = { worker: Worker; job: Job | null; timer?: NodeJS.Timeout; ready: boolean; ending: boolean };

export type PoolOptions = {
  size?: number;
  maxWaiting?: number;
  /** The module a worker serves (serve.ts), as a file URL: worker.ts unless a test names its own. */
  entry?: string;
};

export type Pool<T extends TaskTable> = {
  /**
   * Runs a task in a worker, with a time limit (TIME_LIMIT_MS unless given). Byte arrays are copied to
   * the worker, never shared, so the caller keeps its own. A refusal in the worker, a task past its time,
   * or a worker past its memory rejects with FileRefused (422); a full queue with a 503 SERVER_BUSY
   * carrying `retryAfter`; any other failure with an Error carrying the worker's message.
   */
  run<K extends keyof T & string>(
    task: K,
    args: Parameters<T[K]>,
    options?: { timeLimitMs?: number },
  ): Promise<Awaited<ReturnType<T[K]>>>;
  /** Starts a worker ahead of the first task, so no user waits for it to load; resolves once one is ready. */
  warmUp(): Promise<void>;
};

/**
 * The server has one pool (below); tests build small ones, with a task table of their own, to drive it
 * past its limits.
 */
export function createPool<T extends TaskTable>(options: PoolOptions = {}): Pool<T> {
  const size = options.size ?? POOL_SIZE;
  const maxWaiting = options.maxWaiting ?? MAX_WAITING;
  const slots = new Set<Slot>();
  const waiting: Job[] = [];
  const readyWaiters: (() => void)[] = [];

  /** Gives waiting tasks a ready worker, and starts workers (up to `size`) for those still waiting. */
  function next() {
    for (const slot of slots) {
      if (waiting.length === 0) return;
      if (slot.ready && !slot.job && !slot.ending) send(slot, waiting.shift() as Job);
    }
    const starting = [...slots].filter((slot) => !slot.ready).length;
    for (let more = waiting.length - starting; more > 0 && slots.size < size; more--) spawn();
  }

  function spawn() {
    const worker = new Worker(new URL('./worker-boot.mjs', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: HEAP_LIMIT_MB, maxYoungGenerationSizeMb: 32 },
      workerData: { entry: options.entry },
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
      else if ('refused' in reply) finish(slot, new FileRefused(reply.refused.reason, reply.refused.detail));
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

  return {
    run(task, args, runOptions = {}) {
      return new Promise((resolve, reject) => {
        if (waiting.length >= maxWaiting) {
          reject(Object.assign(new AppError('SERVER_BUSY', BUSY_MESSAGE), { retryAfter: BUSY_RETRY_AFTER }));
          return;
        }
        waiting.push({
          task,
          args,
          timeLimitMs: runOptions.timeLimitMs ?? TIME_LIMIT_MS,
          resolve: resolve as (value: unknown) => void,
          reject,
        });
        next();
      });
    },
    warmUp() {
      if ([...slots].some((slot) => slot.ready)) return Promise.resolve();
      if (slots.size === 0) spawn();
      return new Promise((resolve) => readyWaiters.push(resolve));
    },
  };
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

const files = createPool<Tasks>();

/** Runs a task of tasks.ts in the server's pool (see Pool.run). */
export const offThread = files.run;

/** Starts the server's first worker (main.ts does at boot); resolves once one is ready. */
export const warmUp = files.warmUp;
