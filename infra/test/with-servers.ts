/**
 * Runs a command (the test suite) with real PostgreSQL and Kafka servers when this machine can run
 * them: starts each in its own temp dir on free loopback ports, exports ENGRAM_TEST_PG_URL and
 * ENGRAM_TEST_KAFKA_BROKERS, runs the command, and always stops both afterwards.
 *
 *   npx tsx infra/test/with-servers.ts -- npx vitest run
 *
 * Already-set variables are used as they are (no server is started for them).
 * ENGRAM_TEST_SERVERS=none starts nothing (the embedded suites alone).
 * ENGRAM_TEST_REQUIRE=postgres,kafka (CI) makes a server that is neither given nor startable fatal:
 * the run stops here instead of reporting those suites as skipped.
 */
import { spawn, spawnSync } from 'node:child_process';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import {
  CHROMIUM_ENV,
  KAFKA_BROKERS_ENV,
  PG_URL_ENV,
  requiredTestServers,
  TEST_REQUIRE_ENV,
  TEST_SERVERS,
  testServerUrl,
} from '../../packages/testing/src/servers/env';
import { findPostgresBinDir, startPostgres } from '../../packages/testing/src/servers/postgres';
import { startKafka, javaCommand } from '../../packages/testing/src/servers/kafka';
import { kafkaCacheDir, kafkaVersion } from '../../packages/testing/src/servers/kafka-jars';

interface Running {
  line: string;
  stop?: () => Promise<void>;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function commandWorks(cmd: string, args: string[]): boolean {
  const r = spawnSync(cmd, args, { stdio: 'ignore' });
  return r.status === 0;
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

/** Why Kafka cannot be started here, or undefined when it can. */
async function kafkaUnavailableReason(): Promise<string | undefined> {
  if (!commandWorks(javaCommand(), ['-version'])) return 'no Java runtime (java)';
  if (process.env.ENGRAM_KAFKA_LIBS) return undefined;
  if (await exists(join(kafkaCacheDir(), `kafka_2.13-${kafkaVersion()}.jar`))) return undefined;
  if (!commandWorks('mvn', ['-v'])) return 'no Maven (mvn) to fetch the broker jars, and none cached';
  return undefined;
}

async function startPostgresIfPossible(): Promise<Running> {
  const given = process.env[PG_URL_ENV];
  if (given) return { line: `PostgreSQL: given by ${PG_URL_ENV}=${given}` };
  const bin = await findPostgresBinDir();
  if (!bin)
    return {
      line: 'PostgreSQL: none (no server binaries under /usr/lib/postgresql; `bash infra/test/ensure-prereqs.sh` installs them): Postgres suites are skipped',
    };
  const t0 = Date.now();
  const pg = await startPostgres({ binDir: bin });
  process.env[PG_URL_ENV] = pg.url;
  return { line: `PostgreSQL ${pg.version}: ${pg.url} (ready in ${seconds(Date.now() - t0)})`, stop: pg.stop };
}

/** Debian's chromium for the browser suite: nothing to start, its path is exported when it is installed. */
async function findChromium(): Promise<Running> {
  const given = process.env[CHROMIUM_ENV];
  if (given) return { line: `Chromium: given by ${CHROMIUM_ENV}=${given}` };
  for (const path of ['/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (!(await exists(path))) continue;
    const r = spawnSync(path, ['--version'], { encoding: 'utf8' });
    if (r.status !== 0) continue;
    process.env[CHROMIUM_ENV] = path;
    return { line: `Chromium: ${r.stdout.trim().split('\n').pop()} (${path})` };
  }
  return {
    line: 'Chromium: none (`bash infra/test/ensure-prereqs.sh` installs Debian’s chromium): the browser suite is skipped',
  };
}

async function startKafkaIfPossible(): Promise<Running> {
  const given = process.env[KAFKA_BROKERS_ENV];
  if (given) return { line: `Kafka: given by ${KAFKA_BROKERS_ENV}=${given}` };
  const reason = await kafkaUnavailableReason();
  if (reason) return { line: `Kafka: none (${reason}): Kafka suites are skipped` };
  const cached =
    Boolean(process.env.ENGRAM_KAFKA_LIBS) || (await exists(join(kafkaCacheDir(), `kafka_2.13-${kafkaVersion()}.jar`)));
  const t0 = Date.now();
  const kafka = await startKafka();
  process.env[KAFKA_BROKERS_ENV] = kafka.brokers.join(',');
  const fetched = cached ? '' : ', broker jars fetched from Maven Central first';
  return {
    line: `Kafka ${kafka.version} (KRaft): ${kafka.brokers.join(',')} (ready in ${seconds(Date.now() - t0)}${fetched})`,
    stop: kafka.stop,
  };
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const command = argv[0] === '--' ? argv.slice(1) : argv;
  if (command.length === 0) {
    console.error('usage: tsx infra/test/with-servers.ts -- <command> [args...]');
    return 2;
  }
  const mode = (process.env.ENGRAM_TEST_SERVERS ?? 'auto').trim();
  const running: Running[] = [];
  // One shared stop: a signal and the normal end may both ask, and neither may exit before it is done.
  let stopped: Promise<void> | null = null;
  const stopAll = (): Promise<void> => {
    stopped ??= Promise.all(
      running
        .splice(0)
        .flatMap((r) =>
          r.stop ? [r.stop().catch((e: unknown) => console.error(`[servers] stop failed: ${String(e)}`))] : [],
        ),
    ).then(() => undefined);
    return stopped;
  };
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.error(`[servers] ${signal}: stopping the test servers`);
    child?.kill(signal);
    void stopAll().then(() => process.exit(130));
  };
  let child: ReturnType<typeof spawn> | undefined;
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  try {
    if (mode === 'none') {
      console.log(
        '== Test servers: none started (ENGRAM_TEST_SERVERS=none): the embedded suites run alone, real-server suites are skipped',
      );
    } else {
      const results = await Promise.allSettled([startPostgresIfPossible(), startKafkaIfPossible(), findChromium()]);
      for (const r of results) if (r.status === 'fulfilled') running.push(r.value);
      const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failed.length > 0) {
        for (const f of failed)
          console.error(
            `[servers] could not start a test server:\n${f.reason instanceof Error ? f.reason.message : String(f.reason)}`,
          );
        return 1;
      }
      console.log('== Test servers for this run');
      for (const r of running) console.log(`   ${r.line}`);
      if (!running.some((r) => r.stop) && !process.env[PG_URL_ENV] && !process.env[KAFKA_BROKERS_ENV]) {
        console.log('   -> no real server here: the embedded suites run alone');
      }
    }
    const missing = requiredTestServers().filter((s) => !testServerUrl(s));
    if (missing.length > 0) {
      console.error(
        `[servers] ${TEST_REQUIRE_ENV}=${process.env[TEST_REQUIRE_ENV]}: no ${missing.map((s) => `${s} (${TEST_SERVERS[s].env})`).join(', ')} for this run; failing instead of skipping its suites`,
      );
      return 1;
    }
    const [cmd, ...args] = command as [string, ...string[]];
    child = spawn(cmd, args, { stdio: 'inherit', env: process.env });
    const code = await new Promise<number>((resolve) => {
      child!.once('error', (e) => {
        console.error(`[servers] cannot run ${cmd}: ${e.message}`);
        resolve(127);
      });
      child!.once('exit', (c, s) => resolve(c ?? (s ? 128 : 1)));
    });
    return code;
  } finally {
    await stopAll();
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
