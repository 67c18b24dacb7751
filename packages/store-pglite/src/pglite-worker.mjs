// Entry of the thread a PGlite database runs on (connection.ts). Plain JavaScript: a worker starts
// without the parent's TypeScript loader, so it registers tsx for the worker's own module graph.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-worker-main.ts');
