import { describe, expect, it } from 'vitest';
import type { EngramEvent } from '@engram/core';
import { createAvroEventCodec, UPCASTERS, UpcasterRegistry } from '@engram/event-codec-avro';
import { SAMPLES } from './sample-events';

const codec = createAvroEventCodec();

function contradictionWith(confidence: number): EngramEvent {
  const e = SAMPLES.ContradictionDetected[1]!;
  return structuredClone({ ...e, payload: { ...e.payload, confidence } });
}

describe('upcasters', () => {
  it('every built-in upcaster lifts a released, non-current version', () => {
    for (const u of UPCASTERS) {
      const versions = codec.catalogue.byType.get(u.type)!.map((s) => s.version);
      expect(versions, `${u.type}@${u.fromVersion}`).toContain(u.fromVersion);
      expect(versions, `${u.type}@${u.fromVersion}`).toContain(u.fromVersion + 1);
    }
  });

  it('ContradictionDetected v1 -> v2 turns percent into a fraction and clamps out-of-range values', () => {
    const reg = new UpcasterRegistry();
    const conf = (e: EngramEvent) => (e as Extract<EngramEvent, { type: 'ContradictionDetected' }>).payload.confidence;
    expect(conf(reg.upcast(contradictionWith(40), 1, 2))).toBeCloseTo(0.4);
    expect(conf(reg.upcast(contradictionWith(0), 1, 2))).toBe(0);
    expect(conf(reg.upcast(contradictionWith(250), 1, 2))).toBe(1);
    expect(conf(reg.upcast(contradictionWith(-3), 1, 2))).toBe(0);
    // Written at the current version: untouched.
    expect(conf(reg.upcast(contradictionWith(0.4), 2, 2))).toBe(0.4);
  });

  it('applies the steps from the writer version to the current one, in order', () => {
    const reg = new UpcasterRegistry([
      {
        type: 'SkillRecorded',
        fromVersion: 2,
        description: 'second',
        apply: (e) => void (e.payload.steps as string[]).push('v2->v3'),
      },
      {
        type: 'SkillRecorded',
        fromVersion: 1,
        description: 'first',
        apply: (e) => void (e.payload.steps as string[]).push('v1->v2'),
      },
    ]);
    const skill = () => structuredClone(SAMPLES.SkillRecorded[0]!);
    const steps = (e: EngramEvent) => (e as Extract<EngramEvent, { type: 'SkillRecorded' }>).payload.steps.slice(-2);
    expect(steps(reg.upcast(skill(), 1, 3))).toEqual(['v1->v2', 'v2->v3']);
    expect(steps(reg.upcast(skill(), 2, 3))).toEqual(['npm publish', 'v2->v3']);
    expect(reg.upcast(skill(), 3, 3)).toStrictEqual(skill());
  });

  it('refuses two upcasters for the same step', () => {
    const step = { type: 'SkillRecorded' as const, fromVersion: 1, description: 'x', apply: () => {} };
    expect(() => new UpcasterRegistry([step, step])).toThrow(/duplicate upcaster for SkillRecorded@1/);
  });
});

describe('MemoryAccessed v2 -> v3', () => {
  it('counts each memory of a v1 batch once, through the codec', () => {
    const reg = new UpcasterRegistry();
    const v1 = structuredClone({
      ...SAMPLES.MemoryAccessed[0]!,
      payload: { memoryIds: ['a', 'b'], queryHash: null, counts: [], queries: 1 },
    }) as EngramEvent;
    const up = reg.upcast(v1, 1, 3) as Extract<EngramEvent, { type: 'MemoryAccessed' }>;
    expect(up.payload.counts).toEqual([1, 1]);
    // Written at v3: the counts it carries are kept.
    const v2 = structuredClone(SAMPLES.MemoryAccessed[0]!) as Extract<EngramEvent, { type: 'MemoryAccessed' }>;
    expect((reg.upcast(v2, 3, 3) as typeof v2).payload.counts).toEqual([3, 1, 2]);
  });
});
