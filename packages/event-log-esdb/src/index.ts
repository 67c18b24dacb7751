export { openEsdbEventLog, esdbEventIdOf, expectedRevisionOf } from './esdb-event-log';
export type { EsdbEventLogOptions } from './esdb-event-log';
export {
  eventStreamName,
  parseEventStreamName,
  checkpointStreamName,
  escapeStreamPart,
  DEFAULT_STREAM_PREFIX,
} from './stream-names';
export { offsetOf, readStartFor } from './positions';
