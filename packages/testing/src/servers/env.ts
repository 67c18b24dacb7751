/**
 * Where tests find the real servers: the runner (infra/test/run-tests.sh, CI) starts them and sets
 * these variables. Absent variables mean "no such server here": tests needing one are skipped.
 */
export const PG_URL_ENV = 'ENGRAM_TEST_PG_URL';
export const KAFKA_BROKERS_ENV = 'ENGRAM_TEST_KAFKA_BROKERS';

function nonEmpty(v: string | undefined): string | undefined {
  const t = v?.trim();
  return t ? t : undefined;
}

/** postgres://postgres@127.0.0.1:PORT/postgres of the test server, or undefined. */
export function pgTestUrl(): string | undefined {
  return nonEmpty(process.env[PG_URL_ENV]);
}

/** Broker addresses (host:port) of the test Kafka, or undefined. Comma-separated in the variable. */
export function kafkaTestBrokers(): string[] | undefined {
  const raw = nonEmpty(process.env[KAFKA_BROKERS_ENV]);
  if (!raw) return undefined;
  const brokers = raw.split(',').map((b) => b.trim()).filter(Boolean);
  return brokers.length > 0 ? brokers : undefined;
}
