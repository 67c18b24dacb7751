import type { JsonSchema } from './schemas';

export interface RouteInput {
  tenantId: string;
  correlationId: string | null;
  params: Record<string, string>;
  query: Record<string, string | undefined>;
  body: Record<string, unknown>;
}

export interface RouteOutput {
  status: number;
  body: unknown;
  /** Set for non-JSON answers (e.g. text/markdown). */
  contentType?: string;
}

export interface RouteResponse {
  description: string;
  schema: JsonSchema;
  /** application/json unless given. */
  contentType?: string;
}

/** One HTTP route: its schemas drive both fastify validation/serialization and the OpenAPI document. */
export interface RouteDef {
  method: 'GET' | 'POST' | 'DELETE';
  /** fastify syntax (":id"); OpenAPI gets "{id}". */
  url: string;
  operationId: string;
  summary: string;
  tag: string;
  schema: { params?: JsonSchema; querystring?: JsonSchema; body?: JsonSchema; headers?: JsonSchema };
  responses: Record<number, RouteResponse>;
  handle(input: RouteInput): Promise<RouteOutput>;
}
