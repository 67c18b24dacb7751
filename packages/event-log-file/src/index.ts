export { openFileEventLog, type FileEventLogOptions } from './open-file-event-log';
export { FileEventLog } from './file-event-log';
