// Entry of a scanner pool's worker thread (scanner-pool.ts). Plain JavaScript: a worker starts
// without the parent's TypeScript loader, so it registers tsx for the worker's own module graph.
import { register } from 'tsx/esm/api';

register();
await import('./scanner-worker-main.ts');
