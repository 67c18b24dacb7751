import type { Principal } from '@engram/core';
import type { Static, TSchema } from 'typebox';
import type { RouteAuth } from './auth-hook';

/** The request parts a route may validate; each a schema from @engram/contract. */
export interface RouteSchemas {
  params?: TSchema;
  querystring?: TSchema;
  body?: TSchema;
  headers?: TSchema;
}

type Part<S extends RouteSchemas, K extends keyof RouteSchemas> = S[K] extends TSchema
  ? Static<S[K]>
  : Record<string, never>;

/** What a handler gets: the validated, typed request parts plus who calls, the tenant and correlation id. */
export interface RouteInput<S extends RouteSchemas = RouteSchemas> {
  /** P5: what the app authorises every operation against. */
  principal: Principal;
  /** The key's tenant (x-tenant-id may only repeat it); the header's, or "default", with auth off. */
  tenantId: string;
  correlationId: string | null;
  params: Part<S, 'params'>;
  query: Part<S, 'querystring'>;
  body: Part<S, 'body'>;
  /** The validated headers (those the route's headers schema names). */
  headers: Part<S, 'headers'>;
  /** Aborts when the client goes away (long answers such as an event stream stop then). */
  signal: AbortSignal;
}

export interface RouteOutput {
  status: number;
  body: unknown;
  /** Set for non-JSON answers (e.g. text/markdown). */
  contentType?: string;
  /** More response headers. */
  headers?: Record<string, string>;
}

export interface RouteResponse {
  description: string;
  schema: TSchema;
  /** application/json unless given. */
  contentType?: string;
}

/** One HTTP route: its schemas drive validation (the contract's compiled checks), serialization and the OpenAPI document. */
export interface RouteDef<S extends RouteSchemas = RouteSchemas> {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** fastify syntax (":id"); OpenAPI gets "{id}". */
  url: string;
  operationId: string;
  summary: string;
  tag: string;
  /** Answered from the read side (queries, lookups): a service without one (ingest) does not serve it. */
  reads?: true;
  /** Default 'key'. */
  auth?: RouteAuth;
  schema: S;
  responses: Record<number, RouteResponse>;
  handle(input: RouteInput<S>): Promise<RouteOutput>;
}

/** Declares a route with its handler typed by the route's own schemas. */
export function route<S extends RouteSchemas>(def: RouteDef<S>): RouteDef {
  return def as unknown as RouteDef;
}
