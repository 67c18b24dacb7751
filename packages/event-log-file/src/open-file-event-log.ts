import { mkdir, readdir, unlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { EngramError, silentLogger, toEngramError, type EventCodec, type Logger } from '@engram/core';
import { CheckpointStore } from './checkpoints';
import { openDurable } from './fs-util';
import { acquireDirLock, type DirLock } from '@engram/dir-lock';
import { FileEventLog, STREAM_INDEX_EVERY_EVENTS } from './file-event-log';
import { recoverSegments } from './recovery';
import { createSegmentFile, listSegmentBases } from './segment';
import { loadStreamIndex, saveStreamIndex } from './stream-index';
import { readWatermark, WatermarkFile } from './watermark';

export interface FileEventLogOptions {
  /** Directory owned by this log (created if missing). */
  dir: string;
  codec: EventCodec;
  /** A new segment file is started once the current one reaches this size. Default 64 MiB. */
  segmentBytes?: number;
  /** How long the writer waits to gather more appends into one fdatasync. Default 0. */
  groupCommitMaxDelayMs?: number;
  /**
   * A consumer's checkpoint file is written (and fsynced) at most this often; a crash redelivers
   * at most this interval's events, which every consumer skips. Default 250; 0 = after every batch.
   */
  consumerCheckpointEveryMs?: number;
  logger?: Logger;
}

const DEFAULT_SEGMENT_BYTES = 64 * 1024 * 1024;

/**
 * Opens (or creates) the log in `dir`: takes the directory lock, truncates a torn tail left by a
 * crash, and rebuilds stream versions from the stream index plus the records after it.
 */
export async function openFileEventLog(opts: FileEventLogOptions): Promise<FileEventLog> {
  const started = Date.now();
  if (typeof opts?.dir !== 'string' || opts.dir === '')
    throw new EngramError('CONFIG_INVALID', 'event log dir must be a non-empty path');
  if (!opts.codec || typeof opts.codec.encode !== 'function' || typeof opts.codec.decode !== 'function') {
    throw new EngramError('CONFIG_INVALID', 'event log needs an EventCodec');
  }
  const segmentBytes = opts.segmentBytes ?? DEFAULT_SEGMENT_BYTES;
  if (!Number.isSafeInteger(segmentBytes) || segmentBytes < 1024)
    throw new EngramError('CONFIG_INVALID', 'segmentBytes must be an integer >= 1024');
  const groupCommitMaxDelayMs = opts.groupCommitMaxDelayMs ?? 0;
  if (!Number.isFinite(groupCommitMaxDelayMs) || groupCommitMaxDelayMs < 0 || groupCommitMaxDelayMs > 1000) {
    throw new EngramError('CONFIG_INVALID', 'groupCommitMaxDelayMs must be between 0 and 1000');
  }
  const consumerCheckpointEveryMs = opts.consumerCheckpointEveryMs ?? 250;
  if (
    !Number.isFinite(consumerCheckpointEveryMs) ||
    consumerCheckpointEveryMs < 0 ||
    consumerCheckpointEveryMs > 60_000
  ) {
    throw new EngramError('CONFIG_INVALID', 'consumerCheckpointEveryMs must be between 0 and 60000');
  }
  const logger = opts.logger ?? silentLogger;
  const dir = resolve(opts.dir);
  const segmentsDir = join(dir, 'segments');
  let lock: DirLock;
  try {
    await mkdir(segmentsDir, { recursive: true });
    lock = await acquireDirLock(dir, { file: 'LOCK', what: 'event log', code: 'LOG_UNAVAILABLE', logger });
  } catch (e) {
    throw toEngramError(e, 'LOG_UNAVAILABLE');
  }
  try {
    await removeLeftovers(dir);
    const checkpoints = new CheckpointStore(dir);
    await checkpoints.init();
    await removeLeftovers(join(dir, 'consumers'));
    let bases = await listSegmentBases(segmentsDir);
    if (bases.length === 0) {
      await createSegmentFile(segmentsDir, 0);
      bases = [0];
    }
    const { snapshot, problem } = await loadStreamIndex(dir);
    if (problem) logger.warn({ dir, problem }, 'event log: ignoring the stream index, scanning all segments');
    const acked = await readWatermark(dir);
    if (!acked && bases.some((b) => b > 0))
      logger.warn(
        { dir },
        'event log: no acknowledged-end watermark (a log from an older version); recovering with the torn-tail rule',
      );
    let state = await recoverSegments(segmentsDir, bases, snapshot, acked, logger);
    let streamIndexOffset = snapshot?.nextOffset ?? 0;
    if (snapshot && state.nextOffset < snapshot.nextOffset) {
      logger.warn(
        { dir, indexCovers: snapshot.nextOffset, logEndsAt: state.nextOffset },
        'event log: stream index covers more events than the segments hold; rebuilding from all segments',
      );
      state = await recoverSegments(
        segmentsDir,
        state.segments.map((s) => s.base),
        null,
        acked,
        logger,
      );
      streamIndexOffset = 0;
    }
    if (state.scannedRecords >= STREAM_INDEX_EVERY_EVENTS) {
      await saveStreamIndex(dir, state.nextOffset, [...state.versions]);
      streamIndexOffset = state.nextOffset;
    }
    const last = state.segments[state.segments.length - 1]!;
    const watermark = await WatermarkFile.open(
      dir,
      { segmentBase: last.base, byteEnd: last.bytes, nextOffset: state.nextOffset },
      acked?.seq ?? 0,
    );
    const activeFile = await openDurable(last.path);
    const log = new FileEventLog({
      dir,
      segmentsDir,
      codec: opts.codec,
      segmentBytes,
      groupCommitMaxDelayMs,
      consumerCheckpointEveryMs,
      logger,
      lock,
      checkpoints,
      segments: state.segments,
      nextOffset: state.nextOffset,
      versions: state.versions,
      activeFile,
      watermark,
      streamIndexOffset,
    });
    logger.info(
      {
        dir,
        nextOffset: state.nextOffset,
        segments: state.segments.length,
        streams: state.versions.size,
        scannedRecords: state.scannedRecords,
        openMs: Date.now() - started,
      },
      'event log opened',
    );
    return log;
  } catch (e) {
    await lock.release().catch(() => undefined);
    throw toEngramError(e, 'LOG_UNAVAILABLE');
  }
}

/** Temp files of atomic writes (and lock attempts) that a crash left behind. */
async function removeLeftovers(dir: string): Promise<void> {
  for (const name of await readdir(dir)) {
    if (/\.tmp-\d+-[0-9a-f]+$/.test(name) || /^LOCK\.\d+\.[0-9a-f]+$/.test(name))
      await unlink(join(dir, name)).catch(() => undefined);
  }
}
