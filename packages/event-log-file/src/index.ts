export { openFileEventLog, type FileEventLogOptions } from './open-file-event-log';
export { FileEventLog } from './file-event-log';
export { verifyFileLog, repairFileLog, type VerifyReport, type CutReport, type Damage } from './verify';
