export {
  runColdArchive,
  purgeErasedFromArchive,
  archiveDir,
  type ColdArchiveOptions,
  type ColdArchiveOutcome,
} from './cold-archive';
export {
  listBatches,
  readBatch,
  writeBatch,
  type ArchiveBatch,
  type ArchiveBatchMeta,
  type ArchiveRecord,
} from './batch-file';
export { startArchiveSchedule, nextRunAfter, type ArchiveSchedule, type ArchiveScheduleDeps } from './schedule';
export { writeFileDurably, readJsonIfExists } from './durable-file';
