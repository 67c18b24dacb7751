/**
 * A client generated from GET /openapi.json by a real generator (openapi-typescript) compiles with
 * every always-present result field required: reading one needs no undefined check.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHttpStack, type HttpStack } from './http-server';

const USE = `
import type { paths } from './engram-api';

type Ok<P extends keyof paths, M extends keyof paths[P], S extends number> = paths[P][M] extends { responses: infer R }
  ? S extends keyof R ? R[S] extends { content: { 'application/json': infer B } } ? B : never : never
  : never;

type Hit = Ok<'/v1/query', 'post', 200>['results'][number];
type Memory = Ok<'/v1/memories/{id}', 'get', 200>;
type Page = Ok<'/v1/users/{userId}/memories', 'get', 200>;
type History = Ok<'/v1/memories/{id}/history', 'get', 200>['history'][number];
type Contradiction = Ok<'/v1/contradictions', 'get', 200>['contradictions'][number];
type Patched = Ok<'/v1/memories/{id}', 'patch', 202>;

export const hit = (h: Hit): [string, string, string, string, number, number, boolean, string[], string, Record<string, unknown>] => [
  h.id, h.kind, h.tier, h.content, h.score, h.importance, h.pinned, h.tags, h.createdAt, h.metadata,
];
export const hitNullable = (h: Hit): Array<string | null> => [h.type, h.key, h.source, h.sessionId, h.supersededBy];
export const memory = (m: Memory): [string, string, string, number, number, string, boolean, string[], string, string] => [
  m.id, m.userId, m.content, m.version, m.importance, m.source, m.pinned, m.tags, m.createdAt, m.recordedAt,
];
export const memoryNullable = (m: Memory): Array<string | null> => [m.agentId, m.key, m.supersededBy, m.validFrom, m.validTo, m.lastAccessed];
export const page = (p: Page): [Memory[], string | null] => [p.memories, p.nextCursor];
export const history = (h: History): [string, string, string, string] => [h.eventId, h.memoryId, h.action, h.at];
export const contradiction = (c: Contradiction): [string, string, string, number, string] => [c.id, c.entryAId, c.entryBId, c.confidence, c.detectedAt];
export const patched = (p: Patched): [string, string, boolean] => [p.id, p.previousId, p.deduplicated];

// What a hit carries only sometimes stays optional.
// @ts-expect-error explain is there only when the query asked for it
export const explain = (h: Hit): NonNullable<Hit['explain']> => h.explain;
`;

describe('a client generated from /openapi.json (openapi-typescript)', () => {
  let s: HttpStack;
  let dir: string;
  beforeAll(async () => {
    s = await openHttpStack();
    dir = await mkdtemp(join(tmpdir(), 'engram-openapi-client-'));
  });
  afterAll(async () => {
    await s?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('compiles with the always-present fields of hits, memories, pages, history and contradictions required', async () => {
    const doc = (await s.call('GET', '/openapi.json')).json;
    const types = astToString(await openapiTS(doc));
    expect(types).toContain('"/v1/users/{userId}/memories"');
    await writeFile(join(dir, 'engram-api.ts'), types);
    await writeFile(join(dir, 'use.ts'), USE);
    const program = ts.createProgram([join(dir, 'use.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      skipLibCheck: true,
      types: [],
    });
    const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(problems).toEqual([]);
  });

  it('the result schemas mark every field required but the ones that are sometimes absent', async () => {
    const doc = (await s.call('GET', '/openapi.json')).json;
    const json = (path: string, method: string, status: string) =>
      doc.paths[path][method].responses[status].content['application/json'].schema;
    const optional = (schema: { properties: Record<string, unknown>; required?: string[] }) =>
      Object.keys(schema.properties)
        .filter((k) => !(schema.required ?? []).includes(k))
        .sort();
    expect(optional(json('/v1/query', 'post', '200').properties.results.items)).toEqual([
      'explain',
      'validFrom',
      'validTo',
    ]);
    expect(optional(json('/v1/memories/{id}', 'get', '200'))).toEqual([]);
    expect(optional(json('/v1/users/{userId}/memories', 'get', '200').properties.memories.items)).toEqual([]);
    expect(optional(json('/v1/memories/{id}/history', 'get', '200').properties.history.items)).toEqual([]);
    expect(optional(json('/v1/contradictions', 'get', '200').properties.contradictions.items)).toEqual([]);
  });
});
