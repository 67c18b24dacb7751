/**
 * Where tests find the real servers: the runner (infra/test/run-tests.sh, CI) starts PostgreSQL and
 * Kafka and sets these variables; Qdrant and EventStoreDB are named by hand. An absent variable means
 * "no such server here": suites needing it are reported as skipped, unless ENGRAM_TEST_REQUIRE names
 * the server, which makes its absence a failure (CI sets ENGRAM_TEST_REQUIRE=postgres,kafka,chromium).
 * ENGRAM_TEST_CHROMIUM is the path of a Chromium executable (the runner sets it when one is installed).
 */
export const PG_URL_ENV = 'ENGRAM_TEST_PG_URL';
export const KAFKA_BROKERS_ENV = 'ENGRAM_TEST_KAFKA_BROKERS';
export const QDRANT_URL_ENV = 'ENGRAM_TEST_QDRANT_URL';
export const ESDB_URL_ENV = 'ENGRAM_TEST_ESDB_URL';
export const CHROMIUM_ENV = 'ENGRAM_TEST_CHROMIUM';
export const TEST_REQUIRE_ENV = 'ENGRAM_TEST_REQUIRE';

export const TEST_SERVERS = {
  postgres: { env: PG_URL_ENV, hint: '`npm test` starts a real PostgreSQL when the machine has one' },
  kafka: { env: KAFKA_BROKERS_ENV, hint: '`npm test` starts a real Kafka when java and mvn are present' },
  qdrant: { env: QDRANT_URL_ENV, hint: 'point it at a Qdrant server, e.g. http://127.0.0.1:6333' },
  esdb: { env: ESDB_URL_ENV, hint: 'point it at an EventStoreDB server, e.g. esdb://127.0.0.1:2113?tls=false' },
  // Not a server but the same kind of prerequisite: the browser the inspector's Playwright suite drives.
  chromium: {
    env: CHROMIUM_ENV,
    hint: '`npm test` uses Debian’s chromium when installed (`bash infra/test/ensure-prereqs.sh` installs it)',
  },
} as const;
export type TestServer = keyof typeof TEST_SERVERS;

type Env = Record<string, string | undefined>;

function nonEmpty(v: string | undefined): string | undefined {
  const t = v?.trim();
  return t ? t : undefined;
}

/** The address the variable of server `s` gives, or undefined. */
export function testServerUrl(s: TestServer, env: Env = process.env): string | undefined {
  return nonEmpty(env[TEST_SERVERS[s].env]);
}

/** The servers ENGRAM_TEST_REQUIRE names (comma-separated); an unknown name is an error, not ignored. */
export function requiredTestServers(env: Env = process.env): TestServer[] {
  const raw = nonEmpty(env[TEST_REQUIRE_ENV]);
  if (!raw) return [];
  const names = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !Object.hasOwn(TEST_SERVERS, n));
  if (unknown.length > 0)
    throw new Error(
      `${TEST_REQUIRE_ENV}=${raw}: unknown server ${unknown.join(', ')} (known: ${Object.keys(TEST_SERVERS).join(', ')})`,
    );
  return [...new Set(names)] as TestServer[];
}

/** postgres://postgres@127.0.0.1:PORT/postgres of the test server, or undefined. */
export function pgTestUrl(): string | undefined {
  return testServerUrl('postgres');
}

/** Broker addresses (host:port) of the test Kafka, or undefined. Comma-separated in the variable. */
export function kafkaTestBrokers(): string[] | undefined {
  const raw = testServerUrl('kafka');
  if (!raw) return undefined;
  const brokers = raw
    .split(',')
    .map((b) => b.trim())
    .filter(Boolean);
  return brokers.length > 0 ? brokers : undefined;
}
