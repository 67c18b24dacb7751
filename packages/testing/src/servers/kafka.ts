import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { EngramError } from '@engram/core';
import { freePorts } from './free-port';
import { runToCompletion, sleep, spawnServer } from './child-process';
import { ensureKafkaJars, kafkaVersion } from './kafka-jars';
import { probeKafkaMetadata } from './kafka-probe';

export interface StartedKafka {
  /** ["127.0.0.1:PORT"]: pass to kafkajs `brokers`. */
  brokers: string[];
  port: number;
  version: string;
  /** Stops the broker (SIGTERM = controlled shutdown) and deletes its data directory. */
  stop(): Promise<void>;
}

export interface StartKafkaOptions {
  /** Kafka version to run (jars from Maven Central, cached); default ENGRAM_KAFKA_VERSION or 3.9.1. */
  version?: string;
  /** Partitions of topics created without an explicit count. */
  defaultPartitions?: number;
  readyTimeoutMs?: number;
}

/** JAVA_HOME/bin/java when set, else `java` from PATH. */
export function javaCommand(): string {
  const home = process.env.JAVA_HOME?.trim();
  return home ? join(home, 'bin', 'java') : 'java';
}

/** A KRaft cluster id: 16 random bytes, URL-safe base64 without padding (what `random-uuid` prints). */
function newClusterId(): string {
  return randomBytes(16).toString('base64url');
}

/** One combined broker+controller, tuned for a single-node test cluster. */
function serverProperties(dataDir: string, port: number, controllerPort: number, partitions: number): string {
  return [
    'process.roles=broker,controller',
    'node.id=1',
    `controller.quorum.voters=1@127.0.0.1:${controllerPort}`,
    `listeners=PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controllerPort}`,
    `advertised.listeners=PLAINTEXT://127.0.0.1:${port}`,
    'controller.listener.names=CONTROLLER',
    'listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT',
    'inter.broker.listener.name=PLAINTEXT',
    `log.dirs=${dataDir}`,
    `num.partitions=${partitions}`,
    'default.replication.factor=1',
    'min.insync.replicas=1',
    'offsets.topic.replication.factor=1',
    'offsets.topic.num.partitions=4',
    'transaction.state.log.replication.factor=1',
    'transaction.state.log.min.isr=1',
    'transaction.state.log.num.partitions=4',
    'group.initial.rebalance.delay.ms=0',
    // Topics are provisioned explicitly (ensureTopics / provision-topics.ts), as in production.
    'auto.create.topics.enable=false',
    'log.flush.interval.messages=9223372036854775807',
    'num.network.threads=2',
    'num.io.threads=2',
    'num.recovery.threads.per.data.dir=1',
    'log.retention.check.interval.ms=300000',
    '',
  ].join('\n');
}

const LOG4J = [
  'log4j.rootLogger=WARN, stdout',
  'log4j.appender.stdout=org.apache.log4j.ConsoleAppender',
  'log4j.appender.stdout.layout=org.apache.log4j.PatternLayout',
  'log4j.appender.stdout.layout.ConversionPattern=[%d] %p %m (%c)%n',
  'log4j.logger.kafka.server.KafkaRaftServer=INFO',
  '',
].join('\n');

/** Small heap, serial GC and the C1 compiler only: a test broker starts in about two seconds. */
const JVM_FLAGS = ['-Xms128m', '-Xmx512m', '-XX:+UseSerialGC', '-XX:TieredStopAtLevel=1', '-Djava.awt.headless=true'];

/**
 * Starts a single-node Kafka (KRaft: broker and controller in one JVM) on 127.0.0.1 and free ports,
 * with its own temp data directory. Resolves once the broker answers a metadata request.
 */
export async function startKafka(opts: StartKafkaOptions = {}): Promise<StartedKafka> {
  const version = opts.version ?? kafkaVersion();
  const libs = await ensureKafkaJars(version);
  const classpath = join(libs, '*');
  const java = javaCommand();
  const base = await mkdtemp(join(tmpdir(), 'engram-kafka-'));
  const log4j = join(base, 'log4j.properties');
  await writeFile(log4j, LOG4J);
  const jvm = [...JVM_FLAGS, `-Dlog4j.configuration=file:${log4j}`, '-cp', classpath];

  let lastError = '';
  for (let attempt = 0; attempt < 3; attempt++) {
    const dataDir = join(base, `data-${attempt}`);
    const props = join(base, `server-${attempt}.properties`);
    const [port, controllerPort] = (await freePorts(2)) as [number, number];
    await writeFile(props, serverProperties(dataDir, port, controllerPort, opts.defaultPartitions ?? 3));
    try {
      await runToCompletion(java, [...jvm, 'kafka.tools.StorageTool', 'format', '-t', newClusterId(), '-c', props], {
        cwd: base,
        what: 'kafka-storage format',
        timeoutMs: 120_000,
      });
    } catch (e) {
      await rm(base, { recursive: true, force: true });
      throw e;
    }
    const broker = spawnServer(java, [...jvm, 'kafka.Kafka', props], { cwd: base, env: process.env });
    const deadline = Date.now() + (opts.readyTimeoutMs ?? 60_000);
    while (Date.now() < deadline && broker.running()) {
      const brokers = await probeKafkaMetadata('127.0.0.1', port).catch(() => 0);
      if (brokers > 0) {
        return {
          brokers: [`127.0.0.1:${port}`],
          port,
          version,
          async stop() {
            await broker.stop('SIGTERM', 20_000);
            await rm(base, { recursive: true, force: true });
          },
        };
      }
      await sleep(100);
    }
    await broker.stop('SIGKILL', 5_000);
    lastError = broker.output();
    if (!/Address already in use|BindException/i.test(lastError)) break; // only a port race is worth a retry
  }
  await rm(base, { recursive: true, force: true });
  throw new EngramError('LOG_UNAVAILABLE', `Kafka ${version} did not become ready:\n${lastError.slice(-3000)}`);
}
