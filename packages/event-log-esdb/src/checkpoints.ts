import { BACKWARDS, END, jsonEvent, type EventStoreDBClient } from '@eventstore/db-client';
import { isStreamNotFound } from './errors';
import type { AllPosition } from './positions';
import { checkpointStreamName } from './stream-names';

const CHECKPOINT_EVENT = 'EngramCheckpoint';
/** Old checkpoint events are only history; the server may drop all but the last few. */
const KEEP_CHECKPOINTS = 5;

interface CheckpointData {
  [key: string]: string;
  commit: string;
  prepare: string;
}

/** Per-consumer checkpoints: the $all position of the last event the consumer has processed. */
export class CheckpointStore {
  private readonly trimmed = new Set<string>();

  constructor(
    private readonly client: EventStoreDBClient,
    private readonly prefix: string,
  ) {}

  async load(consumer: string): Promise<AllPosition | null> {
    try {
      const read = this.client.readStream(checkpointStreamName(this.prefix, consumer), {
        direction: BACKWARDS,
        fromRevision: END,
        maxCount: 1,
      });
      for await (const resolved of read) {
        const data = resolved.event?.data as Partial<CheckpointData> | undefined;
        if (data && typeof data.commit === 'string' && typeof data.prepare === 'string') {
          return { commit: BigInt(data.commit), prepare: BigInt(data.prepare) };
        }
      }
      return null;
    } catch (e) {
      if (isStreamNotFound(e)) return null;
      throw e;
    }
  }

  async save(consumer: string, position: AllPosition): Promise<void> {
    const stream = checkpointStreamName(this.prefix, consumer);
    const data: CheckpointData = { commit: position.commit.toString(), prepare: position.prepare.toString() };
    await this.client.appendToStream(stream, jsonEvent({ type: CHECKPOINT_EVENT, data }));
    if (!this.trimmed.has(stream)) {
      await this.client.setStreamMetadata(stream, { maxCount: KEEP_CHECKPOINTS });
      this.trimmed.add(stream);
    }
  }
}
