export { KafkaEventLog, openKafkaEventLog } from './kafka-event-log';
export type { KafkaEventLogOptions } from './options';
export { DEFAULT_TOPIC, DEFAULT_PARTITIONS } from './options';
export { provisionEventTopics, partitionCount } from './topics';
export type { EventTopicsSpec, ProvisionResult } from './topics';
export { HEADER, headerString } from './headers';
export type { DeadLetterReason } from './headers';
export { groupIdOf } from './subscription';
