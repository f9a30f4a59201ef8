// A worker thread starts without the TypeScript loader the server runs under (tsx): it registers it, then
// loads the worker itself.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
