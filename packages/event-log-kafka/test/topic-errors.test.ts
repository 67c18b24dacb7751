import { KafkaJSNonRetriableError, KafkaJSProtocolError } from 'kafkajs';
import { describe, expect, it } from 'vitest';
import { isNotVisibleYet } from '../src/topics';

// kafkajs's createTopics({waitForLeaders}) bails with the metadata error of a broker that has not
// heard of the new topic yet; provisionEventTopics then waits for the topic instead of failing.
describe('which createTopics failures mean "created, not visible yet"', () => {
  const protocol = (type: string, code: number) =>
    new KafkaJSProtocolError(Object.assign(new Error(type), { type, code }));

  it('UNKNOWN_TOPIC_OR_PARTITION and LEADER_NOT_AVAILABLE, also as the cause of a wrapping error', () => {
    expect(isNotVisibleYet(protocol('UNKNOWN_TOPIC_OR_PARTITION', 3))).toBe(true);
    expect(isNotVisibleYet(protocol('LEADER_NOT_AVAILABLE', 5))).toBe(true);
    const wrapped = Object.assign(new KafkaJSNonRetriableError('retries exhausted'), {
      cause: protocol('UNKNOWN_TOPIC_OR_PARTITION', 3),
    });
    expect(isNotVisibleYet(wrapped)).toBe(true);
  });

  it('not a refused creation or any other failure', () => {
    expect(isNotVisibleYet(protocol('POLICY_VIOLATION', 44))).toBe(false);
    expect(isNotVisibleYet(protocol('INVALID_REPLICATION_FACTOR', 38))).toBe(false);
    expect(isNotVisibleYet(new Error('connect ECONNREFUSED'))).toBe(false);
    expect(isNotVisibleYet(undefined)).toBe(false);
  });
});
