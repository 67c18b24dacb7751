import { describe, expect, it } from 'vitest';
import { EngramError } from '@engram/core';
import { check, ObserveBody, QueryBody, UserQuery, WriteBody } from '../src';

function refusal(schema: Parameters<typeof check>[0], value: unknown): EngramError {
  try {
    check(schema, value);
  } catch (e) {
    if (e instanceof EngramError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

const deep = (n: number): unknown => {
  let v: unknown = 'leaf';
  for (let i = 0; i < n; i++) v = { v };
  return v;
};

describe('request shapes: what the read side cannot store is refused at the door', () => {
  it.each([
    ['missing userId', { type: 'USER', content: 'x' }, 'VALIDATION_FAILED', 'userId'],
    ['bad userId', { userId: 'bad user!', type: 'USER', content: 'x' }, 'VALIDATION_FAILED', 'userId'],
    ['unknown type', { userId: 'u', type: 'PERSON', content: 'x' }, 'VALIDATION_FAILED', 'type'],
    ['content not a string', { userId: 'u', type: 'USER', content: 42 }, 'VALIDATION_FAILED', 'content'],
    ['blank content', { userId: 'u', type: 'USER', content: '   ' }, 'VALIDATION_FAILED', 'content'],
    ['NUL in content', { userId: 'u', type: 'USER', content: 'a\u0000b' }, 'VALIDATION_FAILED', 'content'],
    ['lone surrogate in content', { userId: 'u', type: 'USER', content: 'a\ud800b' }, 'VALIDATION_FAILED', 'content'],
    ['NUL in the key', { userId: 'u', type: 'USER', content: 'x', key: 'k\u0000' }, 'VALIDATION_FAILED', 'key'],
    [
      'NUL in a tag',
      { userId: 'u', type: 'USER', content: 'x', tags: ['ok', 't\u0000'] },
      'VALIDATION_FAILED',
      'tags[1]',
    ],
    [
      'NUL in a metadata value',
      { userId: 'u', type: 'USER', content: 'x', metadata: { a: { b: 'x\u0000' } } },
      'VALIDATION_FAILED',
      'metadata',
    ],
    [
      'NUL in a metadata key',
      { userId: 'u', type: 'USER', content: 'x', metadata: { 'a\u0000': 1 } },
      'VALIDATION_FAILED',
      'metadata',
    ],
    [
      'metadata nested 17 deep',
      { userId: 'u', type: 'USER', content: 'x', metadata: deep(17) },
      'VALIDATION_FAILED',
      'metadata',
    ],
    ['importance > 1', { userId: 'u', type: 'USER', content: 'x', importance: 1.5 }, 'VALIDATION_FAILED', 'importance'],
    [
      'importance infinite',
      { userId: 'u', type: 'USER', content: 'x', importance: Infinity },
      'VALIDATION_FAILED',
      'importance',
    ],
    ['tags not an array', { userId: 'u', type: 'USER', content: 'x', tags: 'a,b' }, 'VALIDATION_FAILED', 'tags'],
    ['unknown source', { userId: 'u', type: 'USER', content: 'x', source: 'rumour' }, 'VALIDATION_FAILED', 'source'],
    ['ARCHIVAL tier', { userId: 'u', type: 'USER', content: 'x', tier: 'ARCHIVAL' }, 'VALIDATION_FAILED', 'tier'],
    [
      'bad validFrom',
      { userId: 'u', type: 'USER', content: 'x', validFrom: 'yesterday' },
      'VALIDATION_FAILED',
      'validFrom',
    ],
    [
      'validFrom in year 0000',
      { userId: 'u', type: 'USER', content: 'x', validFrom: '0000-01-01T00:00:00Z' },
      'VALIDATION_FAILED',
      'validFrom',
    ],
    ['metadata array', { userId: 'u', type: 'USER', content: 'x', metadata: [1, 2] }, 'VALIDATION_FAILED', 'metadata'],
    ['unknown field', { userId: 'u', type: 'USER', content: 'x', colour: 'red' }, 'VALIDATION_FAILED', 'colour'],
    [
      'metadata > 16 KB',
      { userId: 'u', type: 'USER', content: 'x', metadata: { a: 'y'.repeat(17 * 1024) } },
      'CONTENT_TOO_LARGE',
      'metadata',
    ],
  ])('writeMemory: %s', (_label, body, code, field) => {
    const err = refusal(WriteBody, body);
    expect(err.code).toBe(code);
    expect(err.details?.field).toBe(field);
  });

  it('refuses metadata nested 10,000 deep without overflowing the stack', () => {
    const err = refusal(WriteBody, { userId: 'u', type: 'USER', content: 'x', metadata: deep(10_000) });
    expect(err.code).toBe('VALIDATION_FAILED');
    expect(err.message).toMatch(/deeper than 16/);
  });

  it('accepts a full write, content of exactly 32 KB and emoji', () => {
    expect(() => check(WriteBody, { userId: 'u', type: 'USER', content: 'a'.repeat(32 * 1024) })).not.toThrow();
    expect(() =>
      check(WriteBody, {
        userId: 'u',
        agentId: 'a',
        type: 'ENVIRONMENT',
        key: 'k',
        content: 'likes 😀',
        tags: ['t'],
        importance: 0.7,
        metadata: deep(15) as object,
        validFrom: '2026-01-01T00:00:00Z',
        tier: 'WORKING',
        sessionId: 's',
      }),
    ).not.toThrow();
  });

  it.each([
    ['at in year 0000', { at: '0000-01-01T00:00:00Z' }, 'at'],
    ['at after 9999', { at: '9999-12-31T23:00:00-02:00' }, 'at'],
    ['at before 1900', { at: '1899-12-31T23:59:59Z' }, 'at'],
    ['a date without a time', { at: '2026-01-02' }, 'at'],
  ])('observeMessage: %s is refused', (_label, extra, field) => {
    const err = refusal(ObserveBody, { userId: 'u', role: 'user', content: 'hello', ...extra });
    expect(err.code).toBe('VALIDATION_FAILED');
    expect(err.details?.field).toBe(field);
  });

  it.each([
    ['partition above int32', '2147483648:0', 'partition must be at most 2147483647'],
    ['offset above 2^53', '0:9007199254740993', 'offset must be at most'],
    ['garbage', 'latest', 'partition:offset'],
  ])('minPosition: %s is refused', (_label, minPosition, message) => {
    const err = refusal(UserQuery, { userId: 'u', minPosition });
    expect(err.details?.field).toBe('minPosition');
    expect(err.message).toContain(message);
  });

  it('accepts the largest storable position', () => {
    expect(() => check(UserQuery, { userId: 'u', minPosition: '2147483647:9007199254740991' })).not.toThrow();
    expect(() =>
      check(QueryBody, { userId: 'u', query: 'q', k: 100, from: '1900-01-01T00:00:00Z', to: '9999-12-31T23:59:59Z' }),
    ).not.toThrow();
  });

  it('refuses k outside 1..100 and a sessionDiversity of 0', () => {
    expect(refusal(QueryBody, { userId: 'u', query: 'q', k: 1e21 }).details?.field).toBe('k');
    expect(refusal(QueryBody, { userId: 'u', query: 'q', sessionDiversity: 0 }).details?.field).toBe(
      'sessionDiversity',
    );
  });
});
