// A worker thread starts without the TypeScript loader the server runs under (tsx): it registers it, then
// loads the worker itself (worker.ts, or the table a test pool names in workerData).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData?.entry ?? './worker.ts');
