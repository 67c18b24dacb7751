import { describe } from 'vitest';
import { KAFKA_BROKERS_ENV, PG_URL_ENV, kafkaTestBrokers, pgTestUrl } from './env';

type SuiteBody = () => void;

/** A describe block that runs only against a real PostgreSQL server (ENGRAM_TEST_PG_URL). */
export function describeIfPg(name: string, body: (pgUrl: string) => void): void {
  const url = pgTestUrl();
  if (url) describe(name, () => body(url));
  else describe.skip(`${name} [skipped: ${PG_URL_ENV} is not set; \`npm test\` starts a real PostgreSQL when the machine has one]`, noop);
}

/** A describe block that runs only against a real Kafka broker (ENGRAM_TEST_KAFKA_BROKERS). */
export function describeIfKafka(name: string, body: (brokers: string[]) => void): void {
  const brokers = kafkaTestBrokers();
  if (brokers) describe(name, () => body(brokers));
  else describe.skip(`${name} [skipped: ${KAFKA_BROKERS_ENV} is not set; \`npm test\` starts a real Kafka when java and mvn are present]`, noop);
}

const noop: SuiteBody = () => {};
