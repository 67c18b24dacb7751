import {
  EngramError,
  forbidden,
  generateApiKey,
  newId,
  requireScopes,
  type ApiKeyRecord,
  type ApiScope,
  type Clock,
  type KeyStore,
  type Logger,
  type Principal,
} from '@engram/core';
import type { CreateKeyBody, Static } from '@engram/contract';
import { invalid } from '../rules';

/** A key request as checked by CreateKeyBody (HTTP by the route, the CLI before it calls). */
export type CreateKeyInput = Static<typeof CreateKeyBody>;

/** A new key: the record plus the secret, which is never shown again. */
export interface CreatedKey extends ApiKeyRecord {
  key: string;
}

export interface KeyAdmin {
  create(p: Principal, input: CreateKeyInput): Promise<CreatedKey>;
  list(p: Principal, input?: { tenantId?: string; includeRevoked?: boolean }): Promise<ApiKeyRecord[]>;
  /** Revokes at once (idempotent); a key of another tenant is NOT_FOUND for a tenant admin. */
  revoke(p: Principal, id: string): Promise<ApiKeyRecord>;
}

const SCOPE_ORDER: readonly ApiScope[] = ['read', 'write', 'write:user_stated', 'erase', 'admin'];

function scopeSet(scopes: readonly ApiScope[]): ApiScope[] {
  if (scopes.includes('write:user_stated') && !scopes.includes('write'))
    throw invalid('scopes', 'write:user_stated only applies to writes: add write');
  return SCOPE_ORDER.filter((s) => scopes.includes(s));
}

/** The tenant an admin acts on: its own (which it may also name), or any for the bootstrap admin and auth off. */
function adminTenant(p: Principal, asked: string | undefined, required: boolean): string | null {
  if (p.tenantId === null) {
    if (asked === undefined && required) throw invalid('tenantId', 'is required');
    return asked ?? null;
  }
  if (asked !== undefined && asked !== p.tenantId)
    throw forbidden('TENANT_NOT_ALLOWED', `this key administers another tenant than "${asked}"`, { tenantId: asked });
  return p.tenantId;
}

/** A bound admin creates keys only within its own binding. */
function bound(p: Principal, field: 'userId' | 'agentId', asked: string | undefined): string | null {
  const own = p[field];
  if (own === null) return asked ?? null;
  if (asked !== undefined && asked !== own) {
    throw forbidden(
      field === 'userId' ? 'USER_NOT_ALLOWED' : 'AGENT_NOT_ALLOWED',
      `this key is bound to another ${field === 'userId' ? 'user' : 'agent'} than "${asked}"`,
      { [field]: asked },
    );
  }
  return own;
}

/** P5 key management (POST/GET/DELETE /v1/admin/keys, `engram keys`): needs the admin scope. */
export function createKeyAdmin(deps: { keys: KeyStore; clock: Clock; logger: Logger }): KeyAdmin {
  return {
    async create(p, input) {
      requireScopes(p, ['admin']);
      const tenantId = adminTenant(p, input.tenantId, true)!;
      const scopes = scopeSet(input.scopes);
      const userId = bound(p, 'userId', input.userId);
      const agentId = bound(p, 'agentId', input.agentId);
      const name = input.name ?? null;
      const expiresAt = input.expiresAt ?? null;
      const now = deps.clock.now();
      if (expiresAt !== null && Date.parse(expiresAt) <= now.getTime())
        throw invalid('expiresAt', 'must be in the future');
      const secret = generateApiKey();
      const record = await deps.keys.insert({
        id: newId(),
        hash: secret.hash,
        prefix: secret.prefix,
        name,
        tenantId,
        userId,
        agentId,
        scopes,
        createdAt: now.toISOString(),
        createdBy: p.keyId,
        expiresAt: expiresAt === null ? null : new Date(expiresAt).toISOString(),
      });
      deps.logger.info(
        { keyId: record.id, prefix: record.prefix, tenantId, userId, agentId, scopes, createdBy: p.keyId },
        'API key created',
      );
      return { ...record, key: secret.key };
    },

    async list(p, input = {}) {
      requireScopes(p, ['admin']);
      const tenantId = adminTenant(p, input.tenantId, false);
      const includeRevoked = input.includeRevoked ?? false;
      const keys = await deps.keys.list({ ...(tenantId !== null ? { tenantId } : {}), includeRevoked });
      return keys.filter(
        (k) => (p.userId === null || k.userId === p.userId) && (p.agentId === null || k.agentId === p.agentId),
      );
    },

    async revoke(p, rawId) {
      requireScopes(p, ['admin']);
      const id = rawId.toLowerCase();
      const existing = await deps.keys.get(id);
      const visible =
        existing !== null &&
        (p.tenantId === null || existing.tenantId === p.tenantId) &&
        (p.userId === null || existing.userId === p.userId) &&
        (p.agentId === null || existing.agentId === p.agentId);
      if (!visible) throw new EngramError('NOT_FOUND', `API key ${id} not found`, { details: { id } });
      const revoked = await deps.keys.revoke(id, deps.clock.now().toISOString());
      if (!revoked) throw new EngramError('NOT_FOUND', `API key ${id} not found`, { details: { id } });
      deps.logger.info(
        { keyId: id, prefix: revoked.prefix, tenantId: revoked.tenantId, revokedBy: p.keyId },
        'API key revoked',
      );
      return revoked;
    },
  };
}
