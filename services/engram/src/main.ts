/**
 * The all-in-one Engram: embedded log, read store, the four projectors, the search index, the
 * consolidator, the HTTP (and optional gRPC) API and the daily cold archive, in one process.
 * `npm start` runs this; `engram start` is the same.
 */
import { runService } from '@engram/runtime';
import { startAllInOne } from './all-in-one';

// The HTTP layer (fastify and its routes: a third of start-up's module loading) loads while the
// foundation opens, filling the main thread's waits on the read store's copy and WASM compilation;
// startApi's own import then finds it loaded. A failure here is the one startApi reports.
import('@engram/api-http').catch(() => undefined);
runService('engram', startAllInOne);
