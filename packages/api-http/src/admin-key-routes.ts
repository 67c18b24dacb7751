import Type from 'typebox';
import { keyListInputOf, type KeyAdmin } from '@engram/app';
import { API_SCOPES } from '@engram/core';
import { ApiKeyParams, CreateKeyBody, ListKeysQuery } from '@engram/contract';
import { route, type RouteDef } from './route-def';

const nullableString = (description?: string) =>
  Type.Union([Type.String(), Type.Null()], description ? { description } : {});

const apiKeyFields = {
  id: Type.String({ format: 'uuid' }),
  prefix: Type.String({ description: 'the first characters of the key, to recognise it' }),
  name: nullableString(),
  tenantId: Type.String(),
  userId: nullableString('every request of the key is confined to this user'),
  agentId: nullableString('every request of the key is confined to this agent'),
  scopes: Type.Array(Type.Enum([...API_SCOPES])),
  createdAt: Type.String({ format: 'date-time' }),
  lastUsedAt: nullableString('updated about once a minute while the key is used'),
  expiresAt: nullableString(),
  revokedAt: nullableString(),
  createdBy: nullableString('id of the key that created it (bootstrap-admin for ENGRAM_ADMIN_KEY; null offline)'),
};

export const apiKeySchema = Type.Object(apiKeyFields);
const createdKeySchema = Type.Object({
  ...apiKeyFields,
  key: Type.String({ description: 'the key itself: shown in this answer only' }),
});

/** P5 key management (admin scope, enforced by KeyAdmin). The key's secret is in the POST answer only; nothing stores or logs it. */
export function adminKeyRoutes(keys: KeyAdmin): RouteDef[] {
  return [
    route({
      method: 'POST',
      url: '/v1/admin/keys',
      operationId: 'createApiKey',
      summary: 'Create an API key (admin scope); the key is shown once',
      tag: 'admin',
      schema: { body: CreateKeyBody },
      responses: { 201: { description: 'created: store `key` now, it is not shown again', schema: createdKeySchema } },
      async handle({ principal, body }) {
        return { status: 201, body: await keys.create(principal, body) };
      },
    }),
    route({
      method: 'GET',
      url: '/v1/admin/keys',
      operationId: 'listApiKeys',
      summary: 'List API keys (admin scope), newest first; never their secrets',
      tag: 'admin',
      schema: { querystring: ListKeysQuery },
      responses: { 200: { description: 'the keys', schema: Type.Object({ keys: Type.Array(apiKeySchema) }) } },
      async handle({ principal, query }) {
        const list = await keys.list(principal, keyListInputOf(query));
        return { status: 200, body: { keys: list } };
      },
    }),
    route({
      method: 'DELETE',
      url: '/v1/admin/keys/:id',
      operationId: 'revokeApiKey',
      summary: 'Revoke an API key (admin scope): refused from the next request on, on every service',
      tag: 'admin',
      schema: { params: ApiKeyParams },
      responses: { 200: { description: 'the revoked key', schema: apiKeySchema } },
      async handle({ principal, params }) {
        return { status: 200, body: await keys.revoke(principal, params.id) };
      },
    }),
  ];
}
