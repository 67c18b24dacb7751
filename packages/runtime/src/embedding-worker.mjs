// Entry of an embedding pool's worker thread (embedding-pool.ts). Plain JavaScript: a worker starts
// without the parent's TypeScript loader, so it registers tsx for the worker's own module graph.
import { register } from 'tsx/esm/api';

register();
await import('./embedding-worker-main.ts');
