import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '@engram/runtime';

const parse = (env: Record<string, string>) => parseConfig({ ENGRAM_DATA_DIR: '/tmp/engram-config-test', ...env });

describe('memory.intent (R9 multipliers)', () => {
  const withFile = async (memory: unknown, run: (env: Record<string, string>) => void) => {
    const dir = await mkdtemp(join(tmpdir(), 'engram-config-'));
    try {
      const file = join(dir, 'engram.json');
      await writeFile(file, JSON.stringify({ memory }));
      run({ ENGRAM_CONFIG: file });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };

  it("defaults, and overlays the file's settings", async () => {
    expect(parse({}).memory.intent.preferenceBoost).toBe(1.25);
    await withFile({ intent: { preferenceBoost: 1.4, freshnessHalfLifeDays: 7 } }, (env) => {
      const cfg = parse(env);
      expect(cfg.memory.intent.preferenceBoost).toBe(1.4);
      expect(cfg.memory.intent.freshnessHalfLifeDays).toBe(7);
      expect(cfg.memory.intent.identityBoost).toBe(1.25);
    });
  });

  it('rejects unknown settings and invalid values with CONFIG_INVALID', async () => {
    await withFile({ intent: { preferenceBoots: 2, minWeight: -1 } }, (env) => {
      let err: unknown;
      try {
        parse(env);
      } catch (e) {
        err = e;
      }
      expect(err).toMatchObject({ code: 'CONFIG_INVALID' });
      const problems = (err as { details: { problems: string[] } }).details.problems.join('\n');
      expect(problems).toContain('memory.intent.preferenceBoots');
      expect(problems).toMatch(/minWeight/);
    });
  });
});

describe('memory.fusion and memory.listWeights', () => {
  it('defaults to normalised score fusion with equal list weights', () => {
    const cfg = parse({});
    expect(cfg.memory.fusion).toBe('zscore');
    expect(cfg.memory.listWeights).toEqual({ keyword: 1, window: 1, vector: 1 });
  });

  it('reads ENGRAM_FUSION and ENGRAM_LIST_WEIGHTS', () => {
    const cfg = parse({ ENGRAM_FUSION: 'rrf', ENGRAM_LIST_WEIGHTS: 'vector=0.5, window=2' });
    expect(cfg.memory.fusion).toBe('rrf');
    expect(cfg.memory.listWeights).toEqual({ keyword: 1, window: 2, vector: 0.5 });
  });

  it('reads them from the config file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'engram-config-'));
    try {
      const file = join(dir, 'engram.json');
      await writeFile(file, JSON.stringify({ memory: { fusion: 'rrf', listWeights: { keyword: 0.5 } } }));
      const cfg = parse({ ENGRAM_CONFIG: file });
      expect(cfg.memory.fusion).toBe('rrf');
      expect(cfg.memory.listWeights).toEqual({ keyword: 0.5, window: 1, vector: 1 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('rejects an unknown fusion, an unknown list and a negative weight with CONFIG_INVALID naming each', () => {
    let err: unknown;
    try {
      parse({ ENGRAM_FUSION: 'max', ENGRAM_LIST_WEIGHTS: 'graph=1,vector=-1' });
    } catch (e) {
      err = e;
    }
    expect(err).toMatchObject({ code: 'CONFIG_INVALID' });
    const problems = (err as { details: { problems: string[] } }).details.problems.join('\n');
    expect(problems).toContain('memory.fusion=max');
    expect(problems).toContain('memory.listWeights.graph');
    expect(problems).toContain('memory.listWeights.vector=-1');
  });

  it('rejects a list named without a weight instead of reading it as 1', () => {
    expect(() => parse({ ENGRAM_LIST_WEIGHTS: 'keyword=0.5,vector' })).toThrow(/"vector" needs a weight/);
    expect(() => parse({ ENGRAM_LIST_WEIGHTS: 'window=' })).toThrow(/"window" needs a weight/);
  });
});

describe('memory.sessionDiversity', () => {
  it('is off (1) by default and read from ENGRAM_SESSION_DIVERSITY', () => {
    expect(parse({}).memory.sessionDiversity).toBe(1);
    expect(parse({ ENGRAM_SESSION_DIVERSITY: '0.75' }).memory.sessionDiversity).toBe(0.75);
  });

  it('rejects 0 and values above 1 with CONFIG_INVALID', () => {
    for (const value of ['0', '1.5', 'half']) {
      expect(() => parse({ ENGRAM_SESSION_DIVERSITY: value })).toThrow(/memory\.sessionDiversity/);
    }
  });
});

describe('memory.minScore and memory.accessFlushMs', () => {
  it('default to 0 and one minute and are read from the environment', () => {
    expect(parse({}).memory).toMatchObject({ minScore: 0, accessFlushMs: 60_000 });
    expect(parse({ ENGRAM_MIN_SCORE: '0.2', ENGRAM_ACCESS_FLUSH_MS: '5000' }).memory).toMatchObject({
      minScore: 0.2,
      accessFlushMs: 5000,
    });
  });

  it('rejects negative or non-numeric values with CONFIG_INVALID', () => {
    expect(() => parse({ ENGRAM_MIN_SCORE: '-1' })).toThrow(/memory\.minScore/);
    expect(() => parse({ ENGRAM_ACCESS_FLUSH_MS: 'often' })).toThrow(/memory\.accessFlushMs/);
  });
});
