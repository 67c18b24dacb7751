import Type from 'typebox';
import { API_SCOPES } from '@engram/core';
import { enumOf, id, line, timestamp, uuid } from './fields';

/** P5 key management requests (POST/GET/DELETE /v1/admin/keys and `engram keys`). */

export const MAX_KEY_NAME_CHARS = 128;

export const CreateKeyBody = Type.Object(
  {
    tenantId: Type.Optional(
      id(
        'the tenant the key belongs to (required for the bootstrap admin; a tenant admin creates keys of its own tenant)',
      ),
    ),
    scopes: Type.Array(enumOf(API_SCOPES), {
      minItems: 1,
      maxItems: API_SCOPES.length,
      description:
        'read, write, write:user_stated (claim user_stated provenance; needs write), erase, admin (manage keys, consolidate)',
    }),
    userId: Type.Optional(id('bind the key to one user: every request is confined to them')),
    agentId: Type.Optional(id('bind the key to one agent: every read and write is confined to it')),
    name: Type.Optional(line({ minLength: 1, maxLength: MAX_KEY_NAME_CHARS })),
    expiresAt: Type.Optional(timestamp('after this the key is refused (401 KEY_EXPIRED)')),
  },
  { additionalProperties: false },
);

export const ListKeysQuery = Type.Object(
  {
    tenantId: Type.Optional(id('only this tenant’s keys (a tenant admin sees its own tenant only)')),
    includeRevoked: Type.Optional(enumOf(['true', 'false'] as const, { default: 'false' })),
  },
  { additionalProperties: false },
);

export const ApiKeyParams = Type.Object({ id: uuid('API key id') });
