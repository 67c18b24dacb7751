import { spawnSync } from 'node:child_process';
import { access } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import {
  createTestDatabase,
  describeWithServers,
  findPostgresBinDir,
  freePort,
  javaCommand,
  kafkaTestBrokers,
  pgTestUrl,
  probeKafkaMetadata,
  startKafka,
  startPostgres,
} from '../src';

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(sql)).rows;
  } finally {
    await c.end();
  }
}

async function refusesConnections(url: string): Promise<boolean> {
  try {
    await query(url, 'SELECT 1');
    return false;
  } catch (e) {
    return /ECONNREFUSED/.test(String((e as Error).message) + String((e as { code?: string }).code));
  }
}

describe('test server variables', () => {
  const saved = { pg: process.env.ENGRAM_TEST_PG_URL, kafka: process.env.ENGRAM_TEST_KAFKA_BROKERS };
  afterEach(() => {
    for (const [k, v] of [
      ['ENGRAM_TEST_PG_URL', saved.pg],
      ['ENGRAM_TEST_KAFKA_BROKERS', saved.kafka],
    ] as const) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });
  it('reads the URLs the runner exports, and treats blank as absent', () => {
    process.env.ENGRAM_TEST_PG_URL = ' postgres://postgres@127.0.0.1:5/postgres ';
    process.env.ENGRAM_TEST_KAFKA_BROKERS = '127.0.0.1:1, 127.0.0.1:2 ,';
    expect(pgTestUrl()).toBe('postgres://postgres@127.0.0.1:5/postgres');
    expect(kafkaTestBrokers()).toEqual(['127.0.0.1:1', '127.0.0.1:2']);
    process.env.ENGRAM_TEST_PG_URL = '  ';
    delete process.env.ENGRAM_TEST_KAFKA_BROKERS;
    expect(pgTestUrl()).toBeUndefined();
    expect(kafkaTestBrokers()).toBeUndefined();
  });
});

describeWithServers(['postgres'], 'createTestDatabase on the test PostgreSQL', ({ postgres: url }) => {
  it('creates isolated databases with unique names and drops them', async () => {
    const [a, b] = await Promise.all([createTestDatabase(url), createTestDatabase(url)]);
    try {
      expect(a.name).not.toBe(b.name);
      await query(a.url, 'CREATE TABLE t (x int); INSERT INTO t VALUES (1)');
      expect(await query<{ n: string }>(a.url, 'SELECT count(*) AS n FROM t')).toEqual([{ n: '1' }]);
      await expect(query(b.url, 'SELECT * FROM t')).rejects.toThrow(/does not exist/);
    } finally {
      await a.drop();
      await b.drop();
    }
    const left = await query<{ datname: string }>(
      url,
      `SELECT datname FROM pg_database WHERE datname IN ('${a.name}', '${b.name}')`,
    );
    expect(left).toEqual([]);
  });

  it('drops a database that still has an open connection', async () => {
    const db = await createTestDatabase(url);
    const holder = new pg.Client({ connectionString: db.url });
    holder.on('error', () => undefined); // the server terminates it
    await holder.connect();
    await db.drop();
    expect(await query(url, `SELECT 1 FROM pg_database WHERE datname = '${db.name}'`)).toEqual([]);
    await holder.end().catch(() => undefined);
  });

  it('rejects a prefix that is not an identifier', async () => {
    await expect(createTestDatabase(url, 'x"; DROP')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

const pgBin = await findPostgresBinDir();
describe.skipIf(!pgBin)('startPostgres (programmatic, own server)', () => {
  it('starts a server that accepts connections, and stop() ends it and removes its data', async () => {
    const server = await startPostgres();
    let stopped = false;
    try {
      const [row] = await query<{ v: string; dir: string }>(
        server.url,
        "SELECT current_setting('server_version_num') AS v, current_setting('data_directory') AS dir",
      );
      expect(Math.floor(Number(row!.v) / 10000)).toBe(server.version);
      expect(server.url).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/postgres$/);
      await server.stop();
      stopped = true;
      expect(await refusesConnections(server.url)).toBe(true);
      await expect(access(row!.dir)).rejects.toThrow();
    } finally {
      if (!stopped) await server.stop();
    }
  });
});

const kafkaBrokers = kafkaTestBrokers();
describe.skipIf(!kafkaBrokers)('Kafka readiness probe and startKafka (needs a machine that runs Kafka)', () => {
  it('probeKafkaMetadata counts the brokers of a live cluster and fails on a closed port', async () => {
    const [host, port] = kafkaBrokers![0]!.split(':') as [string, string];
    expect(await probeKafkaMetadata(host, Number(port))).toBe(1);
    await expect(probeKafkaMetadata('127.0.0.1', await freePort())).rejects.toThrow();
  });

  it.skipIf(spawnSync(javaCommand(), ['-version']).status !== 0)(
    'startKafka starts a KRaft broker that answers metadata, and stop() ends it',
    async () => {
      const kafka = await startKafka();
      let stopped = false;
      try {
        expect(kafka.brokers).toEqual([`127.0.0.1:${kafka.port}`]);
        expect(await probeKafkaMetadata('127.0.0.1', kafka.port)).toBe(1);
        await kafka.stop();
        stopped = true;
        await expect(probeKafkaMetadata('127.0.0.1', kafka.port)).rejects.toThrow();
      } finally {
        if (!stopped) await kafka.stop();
      }
    },
  );
});
