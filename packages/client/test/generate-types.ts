/**
 * Regenerates src/engram-api.ts, the types of the client, from Engram's OpenAPI document (the one
 * GET /openapi.json serves, built from the routes' schemas) with openapi-typescript.
 * `npm run generate -w @engram/client`; test/generated-types.test.ts fails while the file is stale.
 */
import { writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { buildHttpServer } from '@engram/api-http';
import { openAccess, type MemoryApp } from '@engram/app';
import openapiTS, { astToString } from 'openapi-typescript';

export const GENERATED_FILE = new URL('../src/engram-api.ts', import.meta.url);

const HEADER = `/* Generated from Engram's OpenAPI document by openapi-typescript: do not edit.
 * Regenerate with \`npm run generate -w @engram/client\` (the client's tests fail while it is stale). */
`;

/** The document the service serves; only its route table is needed, so no operation is ever called. */
export async function openApiDocument(): Promise<Record<string, unknown>> {
  const app = new Proxy({} as MemoryApp, {
    get: () => () => Promise.reject(new Error('the OpenAPI document needs no operation')),
  });
  const silent = { debug() {}, info() {}, warn() {}, error() {} };
  const server = buildHttpServer({
    app,
    access: openAccess(),
    logger: silent,
    version: 'openapi',
    readiness: async () => ({ ready: true, components: {}, deadLetters: {}, reasons: [] }),
  });
  try {
    const r = await server.inject({ method: 'GET', url: '/openapi.json' });
    return r.json() as Record<string, unknown>;
  } finally {
    await server.close();
  }
}

export async function generatedTypes(): Promise<string> {
  return HEADER + astToString(await openapiTS((await openApiDocument()) as never));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await writeFile(GENERATED_FILE, await generatedTypes());
  console.error(`wrote ${GENERATED_FILE.pathname}`);
}
