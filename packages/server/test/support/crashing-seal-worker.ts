/**
 * A server process whose seal kills it, as an out-of-memory kill or a crash in native code would
 * (jobs.test.ts runs it): it opens the embedded database of DATA_DIR and its queue as the server does,
 * registers the real seal kind with a handler that exits the process before anything is sealed, and
 * drains. Exits HANDLER_EXIT when the handler ran, 0 when the queue ran out of work without it.
 */
import Fastify from 'fastify';
import { openDatabase } from '../../src/db/client.ts';
import { createJobQueue } from '../../src/jobs/queue.ts';
import { SEAL_JOB, sealJobOptions } from '../../src/modules/signing/seal-job.ts';

const HANDLER_EXIT = 70;

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR is required');
const quiet = { info: () => undefined, warn: () => undefined };
const database = await openDatabase({ databaseUrl: null, dataDir, log: quiet });
const log = Fastify({ logger: false }).log;
// The embedded database has one worker, its process (app.ts): what it finds running, a dead one left.
const jobs = createJobQueue(database.db, log, { singleProcess: true });
jobs.register(SEAL_JOB, async () => process.exit(HANDLER_EXIT), sealJobOptions({ log }));
await jobs.drain();
await database.close();
