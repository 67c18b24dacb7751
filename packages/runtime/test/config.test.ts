import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_CONTENT_BYTES } from '@engram/core';
import { parseConfig } from '@engram/runtime';

const parse = (env: Record<string, string>) =>
  parseConfig({ ENGRAM_DATA_DIR: '/tmp/engram-config-test', ...env }, '/work/here');
const problems = (env: Record<string, string>): string[] => {
  try {
    parse(env);
  } catch (e) {
    expect((e as { code?: string }).code).toBe('CONFIG_INVALID');
    return (e as { details: { problems: string[] } }).details.problems;
  }
  throw new Error('expected CONFIG_INVALID');
};

describe('config: the archive schedule, limits and model paths', () => {
  it('schedules the daily cold archive at ENGRAM_ARCHIVE_AT (default 03:00 local) with ARCHIVE_DAYS (default 90)', () => {
    expect(parse({}).archive).toEqual({ at: { hour: 3, minute: 0 }, days: 90 });
    expect(parse({ ENGRAM_ARCHIVE_AT: '23:45', ARCHIVE_DAYS: '30' }).archive).toEqual({
      at: { hour: 23, minute: 45 },
      days: 30,
    });
    expect(parse({ ENGRAM_ARCHIVE_AT: 'off' }).archive).toEqual({ at: null, days: 90 });
    expect(problems({ ENGRAM_ARCHIVE_AT: '25:00' })).toEqual([
      'ENGRAM_ARCHIVE_AT=25:00: must be HH:MM (24-hour, local time) or off',
    ]);
    expect(problems({ ARCHIVE_DAYS: '-1' })).toEqual(['ARCHIVE_DAYS=-1: must be a number ≥ 0']);
  });

  it('parses the content and body limits, the body limit above the content limit', () => {
    expect(parse({}).limits).toMatchObject({ maxContentBytes: MAX_CONTENT_BYTES, maxBodyBytes: 64 * 1024 });
    expect(parse({ ENGRAM_MAX_CONTENT_BYTES: '65536' }).limits).toMatchObject({
      maxContentBytes: 65536,
      maxBodyBytes: 131072,
    });
    expect(problems({ ENGRAM_MAX_CONTENT_BYTES: '4096', ENGRAM_MAX_BODY_BYTES: '4096' })).toEqual([
      'ENGRAM_MAX_BODY_BYTES=4096: must be an integer above the content limit (4096) and at most 16777216',
    ]);
    expect(problems({ ENGRAM_MAX_CONTENT_BYTES: '12' })[0]).toMatch(
      /^ENGRAM_MAX_CONTENT_BYTES=12: must be an integer between 256/,
    );
  });

  it('resolves the model directory and the pull settings', () => {
    expect(parse({}).models).toEqual({
      dir: resolve(homedir(), '.cache/engram/models'),
      python: 'python3',
      mavenRepo: 'https://repo.maven.apache.org/maven2',
      hub: null,
    });
    expect(
      parse({
        ENGRAM_MODELS_DIR: 'models',
        ENGRAM_PYTHON: '/usr/bin/python3.11',
        ENGRAM_MAVEN_REPO: 'http://mirror.local/maven/',
        ENGRAM_MODEL_HUB: 'https://hub-mirror.local/',
        ENGRAM_MODEL_HUB_TOKEN: 'hf_secret',
      }).models,
    ).toEqual({
      dir: '/work/here/models',
      python: '/usr/bin/python3.11',
      mavenRepo: 'http://mirror.local/maven',
      hub: { endpoint: 'https://hub-mirror.local', token: 'hf_secret' },
    });
    expect(() => parse({ ENGRAM_MODEL_HUB: 'ftp://hub.local' })).toThrow(/ENGRAM_MODEL_HUB: must be an http\(s\) URL/);
    expect(parse({ ENGRAM_MODEL_HUB: 'off' }).models.hub).toBeNull();
    expect(
      parse({ ENGRAM_EMBEDDER: 'onnx', ENGRAM_MODELS_DIR: '/m', ENGRAM_EMBEDDING_MODEL: 'bge-small-zh-v1.5' }).embedder,
    ).toMatchObject({ kind: 'onnx', modelDir: '/m/bge-small-zh-v1.5' });
  });

  it('finds the master key and the key store (P4): embedded defaults, and what distributed services must share', () => {
    expect(parse({}).encryption).toEqual({
      masterKey: { kind: 'default-file', path: '/tmp/engram-config-test/keys/master.key' },
      keyStore: { kind: 'file', dir: '/tmp/engram-config-test/keys' },
    });
    expect(parse({ ENGRAM_MASTER_KEY_FILE: 'secrets/mk' }).encryption.masterKey).toEqual({
      kind: 'file',
      path: '/work/here/secrets/mk',
    });
    const distributed = {
      ENGRAM_LOG: 'kafka',
      KAFKA_BROKERS: 'k:9092',
      ENGRAM_STORE: 'postgres',
      DATABASE_URL: 'postgres://x/y',
    };
    expect(parse({ ...distributed, ENGRAM_MASTER_KEY: 'k'.repeat(43) }).encryption).toEqual({
      masterKey: { kind: 'value', value: 'k'.repeat(43) },
      keyStore: { kind: 'postgres' },
    });
    expect(problems(distributed)).toEqual([
      'ENGRAM_MASTER_KEY or ENGRAM_MASTER_KEY_FILE is required with the PostgreSQL key store: every service must wrap keys with the same master key',
    ]);
    // One process on a file log keeps its keys in a file even with a PostgreSQL read store.
    expect(parse({ ENGRAM_STORE: 'postgres', DATABASE_URL: 'postgres://x/y' }).encryption.keyStore).toEqual({
      kind: 'file',
      dir: '/tmp/engram-config-test/keys',
    });
    expect(problems({ ENGRAM_KEY_STORE: 'postgres', ENGRAM_MASTER_KEY: 'k'.repeat(43) })).toEqual([
      'ENGRAM_KEY_STORE=postgres needs ENGRAM_STORE=postgres (the keys live in its database)',
    ]);
    expect(problems({ ENGRAM_MASTER_KEY: 'a', ENGRAM_MASTER_KEY_FILE: 'b' })).toEqual([
      'ENGRAM_MASTER_KEY and ENGRAM_MASTER_KEY_FILE are both set: give one',
    ]);
  });

  it('is frozen all the way down', () => {
    const cfg = parse({});
    expect(Object.isFrozen(cfg.limits)).toBe(true);
    expect(Object.isFrozen(cfg.archive.at)).toBe(true);
  });
});
