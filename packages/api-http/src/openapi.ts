import type { TSchema } from 'typebox';
import type { RouteDef } from './route-def';
import { errorSchema } from './schemas';

type JsonSchema = Record<string, unknown>;

const ERROR_RESPONSES: Record<string, string> = {
  '400': 'VALIDATION_FAILED (details.field names the field) and other bad input',
  '401':
    'UNAUTHENTICATED: no key, or an unknown, revoked or expired one (details.reason KEY_MISSING / KEY_UNKNOWN / KEY_REVOKED / KEY_EXPIRED)',
  '403':
    'FORBIDDEN (details.reason SCOPE_MISSING / TENANT_NOT_ALLOWED / USER_NOT_ALLOWED / AGENT_NOT_ALLOWED / AGENT_BOUND), ' +
    'PROVENANCE_NOT_ALLOWED (user_stated without write:user_stated), QUOTA_EXCEEDED',
  '404': 'NOT_FOUND (also for another user’s memory)',
  '409': 'PROVENANCE_REJECTED / CONFLICT',
  '413': 'CONTENT_TOO_LARGE (content over 32 KB, body over 64 KB)',
  '415': 'unsupported content type',
  '429': 'RATE_LIMITED: the key spent its burst or has too many queries in flight (Retry-After says when to retry)',
  '422': 'CONTENT_BLOCKED_INVISIBLE_UNICODE / CONTENT_BLOCKED_INJECTION (recorded as WriteRejected)',
  '503': 'PROJECTION_LAGGING (with Retry-After) / LOG_UNAVAILABLE / STORE_UNAVAILABLE',
  '500': 'INTERNAL',
};

/** Responses only an operation behind a key can give. */
const AUTH_STATUSES = new Set(['401', '403', '429']);
const KEY_SECURITY = [{ bearerAuth: [] }, { apiKeyHeader: [] }];

function parameters(route: RouteDef): JsonSchema[] {
  const out: JsonSchema[] = [];
  const add = (where: 'path' | 'query' | 'header', part: TSchema | undefined) => {
    if (!part) return;
    const schema = part as JsonSchema;
    const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((schema.required as string[] | undefined) ?? []);
    for (const [name, s] of Object.entries(props)) {
      out.push({
        name,
        in: where,
        required: where === 'path' || required.has(name),
        schema: s,
        ...(s.description ? { description: s.description } : {}),
      });
    }
  };
  add('path', route.schema.params);
  add('query', route.schema.querystring);
  add('header', route.schema.headers);
  return out;
}

/** The OpenAPI 3.1 document of the given routes, from the very schemas fastify validates with. */
export function buildOpenApi(routes: RouteDef[], version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const r of routes) {
    const path = r.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const responses: Record<string, JsonSchema> = {};
    for (const [status, resp] of Object.entries(r.responses)) {
      responses[status] = {
        description: resp.description,
        content: { [resp.contentType ?? 'application/json']: { schema: resp.schema } },
      };
    }
    const open = r.auth === 'none';
    for (const [status, description] of Object.entries(ERROR_RESPONSES)) {
      if (open && AUTH_STATUSES.has(status)) continue;
      responses[status] ??= {
        description,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      };
    }
    const op: JsonSchema = {
      operationId: r.operationId,
      summary: r.summary,
      tags: [r.tag],
      parameters: parameters(r),
      responses,
      // P5: every operation but the public probes needs a key (ENGRAM_AUTH=required); /metrics only when ENGRAM_METRICS_AUTH=required.
      security: open ? [] : r.auth === 'metrics' ? [{}, ...KEY_SECURITY] : KEY_SECURITY,
    };
    if (r.schema.body) op.requestBody = { required: true, content: { 'application/json': { schema: r.schema.body } } };
    (paths[path] ??= {})[r.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Engram', version, description: 'Event-sourced long-term memory for LLM agents' },
    paths,
    security: KEY_SECURITY,
    components: {
      schemas: { Error: errorSchema },
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'Authorization: Bearer <key> (Mem0-style `Token <key>` is accepted too)',
        },
        apiKeyHeader: { type: 'apiKey', in: 'header', name: 'x-api-key' },
      },
    },
  };
}
