import { access, mkdir, readdir, rename, rm } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { EngramError } from '@engram/core';
import { runToCompletion } from './child-process';

/** Kafka 3.9 is the newest line whose protocol versions kafkajs 2.2.4 still speaks everywhere. */
export const DEFAULT_KAFKA_VERSION = '3.9.1';

/** infra/kafka/pom.xml at the repository root: it lists the broker jars to fetch from Maven Central. */
export const KAFKA_POM = fileURLToPath(new URL('../../../../infra/kafka/pom.xml', import.meta.url));

export function kafkaVersion(): string {
  return process.env.ENGRAM_KAFKA_VERSION?.trim() || DEFAULT_KAFKA_VERSION;
}

/** Where the broker's jars are cached between runs (ENGRAM_KAFKA_CACHE overrides ~/.cache/engram). */
export function kafkaCacheDir(version = kafkaVersion()): string {
  const root = process.env.ENGRAM_KAFKA_CACHE?.trim() || join(homedir(), '.cache', 'engram');
  return join(root, `kafka-${version}`, 'libs');
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * The directory of the broker's jars: ENGRAM_KAFKA_LIBS (e.g. a Kafka distribution's libs/), else
 * the cache, filled on first use by `mvn dependency:copy-dependencies` (a few seconds, then reused).
 */
export async function ensureKafkaJars(version = kafkaVersion()): Promise<string> {
  const explicit = process.env.ENGRAM_KAFKA_LIBS?.trim();
  if (explicit) return explicit;
  const dir = kafkaCacheDir(version);
  const marker = join(dir, `kafka_2.13-${version}.jar`);
  if (await exists(marker)) return dir;
  const parent = join(dir, '..');
  await mkdir(parent, { recursive: true });
  // Resolve into a private directory, then rename: parallel first runs never see a half-filled cache.
  const staging = join(parent, `libs.${process.pid}.${randomBytes(4).toString('hex')}`);
  try {
    await runToCompletion(
      'mvn',
      [
        '-q',
        '-B',
        '-f',
        KAFKA_POM,
        `-Dkafka.version=${version}`,
        'dependency:copy-dependencies',
        `-DoutputDirectory=${staging}`,
        '-DincludeScope=runtime',
      ],
      { what: `mvn: fetching the Kafka ${version} broker jars`, timeoutMs: 600_000 },
    );
    if (!(await readdir(staging)).includes(`kafka_2.13-${version}.jar`)) {
      throw new EngramError('INTERNAL', `mvn finished but ${staging} holds no kafka_2.13-${version}.jar`);
    }
    try {
      await rename(staging, dir);
    } catch (e) {
      if (!(await exists(marker))) throw e; // someone else filled the cache first: theirs is as good
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return dir;
}
