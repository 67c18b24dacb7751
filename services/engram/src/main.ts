/**
 * The all-in-one Engram: embedded log, read store, the four projectors, the search index, the
 * consolidator, the HTTP (and optional gRPC) API and the daily cold archive, in one process.
 * `npm start` runs this; `engram start` is the same.
 */
import { runService } from '@engram/runtime';
import { startAllInOne } from './all-in-one';

runService('engram', startAllInOne);
