import { describe, expect, it } from 'vitest';
import {
  API_KEY_PREFIX,
  ANONYMOUS_PRINCIPAL,
  BOOTSTRAP_PRINCIPAL,
  OPEN_PRINCIPAL,
  agentVisible,
  authorize,
  capDerivedSource,
  defaultSourceFor,
  generateApiKey,
  hashApiKey,
  presentedKey,
  requireAllAgents,
  requireClaim,
  sameDigest,
  tenantFor,
  type Principal,
} from '@engram/core';

const key = (over: Partial<Principal> = {}): Principal => ({
  kind: 'key',
  keyId: 'k1',
  tenantId: 'acme',
  userId: null,
  agentId: null,
  scopes: ['read', 'write'],
  ...over,
});
const scope = (userId = 'u1', agentId: string | null = null, tenantId = 'acme') => ({ tenantId, userId, agentId });
const reason = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    const err = e as { code: string; details?: { reason?: string } };
    return `${err.code}${err.details?.reason ? `/${err.details.reason}` : ''}`;
  }
  return 'allowed';
};

describe('authorize: scopes, then the tenant, user and agent of the key (P5)', () => {
  it('needs every scope of the operation', () => {
    expect(reason(() => authorize(key(), ['read'], scope()))).toBe('allowed');
    expect(reason(() => authorize(key({ scopes: ['read'] }), ['write'], scope()))).toBe('FORBIDDEN/SCOPE_MISSING');
    expect(reason(() => authorize(key(), ['erase'], scope()))).toBe('FORBIDDEN/SCOPE_MISSING');
    expect(reason(() => authorize(ANONYMOUS_PRINCIPAL, ['read'], scope()))).toBe('FORBIDDEN/SCOPE_MISSING');
  });

  it('the tenant is the key’s: a header may repeat it, never name another', () => {
    expect(tenantFor(key(), null)).toBe('acme');
    expect(tenantFor(key(), 'acme')).toBe('acme');
    expect(reason(() => tenantFor(key(), 'globex'))).toBe('FORBIDDEN/TENANT_NOT_ALLOWED');
    expect(reason(() => authorize(key(), ['read'], scope('u1', null, 'globex')))).toBe('FORBIDDEN/TENANT_NOT_ALLOWED');
    // Auth off and the bootstrap admin: the header decides, "default" without one.
    expect(tenantFor(OPEN_PRINCIPAL, null)).toBe('default');
    expect(tenantFor(OPEN_PRINCIPAL, 'globex')).toBe('globex');
    expect(tenantFor(BOOTSTRAP_PRINCIPAL, 'globex')).toBe('globex');
  });

  it('a user-bound key reaches only its user', () => {
    const p = key({ userId: 'alice' });
    expect(authorize(p, ['read'], scope('alice'))).toEqual(scope('alice'));
    expect(reason(() => authorize(p, ['read'], scope('bob')))).toBe('FORBIDDEN/USER_NOT_ALLOWED');
  });

  it('an agent-bound key is pinned to its agent and refused another', () => {
    const p = key({ agentId: 'bot-1' });
    expect(authorize(p, ['read'], scope('u1', null))).toEqual(scope('u1', 'bot-1'));
    expect(authorize(p, ['write'], scope('u1', 'bot-1'))).toEqual(scope('u1', 'bot-1'));
    expect(reason(() => authorize(p, ['read'], scope('u1', 'bot-2')))).toBe('FORBIDDEN/AGENT_NOT_ALLOWED');
    expect(reason(() => requireAllAgents(p, 'forgetting a user'))).toBe('FORBIDDEN/AGENT_BOUND');
    expect(reason(() => requireAllAgents(key(), 'forgetting a user'))).toBe('allowed');
  });

  it('agentVisible: an agent scope sees only that agent; no agent sees every agent of the user', () => {
    expect(agentVisible('a', 'a')).toBe(true);
    expect(agentVisible('a', 'b')).toBe(false);
    expect(agentVisible('a', null)).toBe(false);
    expect(agentVisible(null, 'b')).toBe(true);
    expect(agentVisible(null, null)).toBe(true);
  });
});

describe('provenance follows the caller (P5)', () => {
  it('claiming user_stated needs write:user_stated; unnamed, the source is the highest the key may claim', () => {
    const agent = key();
    const trusted = key({ scopes: ['read', 'write', 'write:user_stated'] });
    expect(reason(() => requireClaim(agent, 'user_stated'))).toBe('PROVENANCE_NOT_ALLOWED');
    expect(reason(() => requireClaim(agent, 'model_inferred'))).toBe('allowed');
    expect(reason(() => requireClaim(trusted, 'user_stated'))).toBe('allowed');
    expect(defaultSourceFor(agent)).toBe('model_inferred');
    expect(defaultSourceFor(trusted)).toBe('user_stated');
    expect(defaultSourceFor(OPEN_PRINCIPAL)).toBe('user_stated');
  });

  it('a fact derived from a tool, assistant or system message is never user_stated', () => {
    expect(capDerivedSource('user_stated', ['user'])).toBe('user_stated');
    expect(capDerivedSource('user_stated', ['user', 'user'])).toBe('user_stated');
    for (const role of ['assistant', 'tool', 'system'] as const) {
      expect(capDerivedSource('user_stated', [role])).toBe('consolidated');
      expect(capDerivedSource('user_stated', ['user', role])).toBe('consolidated');
    }
    expect(capDerivedSource('user_stated', [])).toBe('consolidated');
    expect(capDerivedSource('consolidated', ['tool'])).toBe('consolidated');
    expect(capDerivedSource('model_inferred', ['user'])).toBe('model_inferred');
  });
});

describe('API keys', () => {
  it('are 256 random bits behind a recognisable prefix, stored as SHA-256 only', () => {
    const a = generateApiKey();
    const b = generateApiKey();
    expect(a.key.startsWith(API_KEY_PREFIX)).toBe(true);
    expect(a.key).toMatch(/^egk_[A-Za-z0-9_-]{43}$/);
    expect(a.key).not.toBe(b.key);
    expect(a.hash).toBe(hashApiKey(a.key));
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(a.hash).not.toContain(a.key.slice(4, 20));
    expect(a.key.startsWith(a.prefix)).toBe(true);
    expect(a.prefix.length).toBeLessThan(16);
    expect(sameDigest(a.hash, hashApiKey(a.key))).toBe(true);
    expect(sameDigest(a.hash, b.hash)).toBe(false);
    expect(sameDigest(a.hash, '')).toBe(false);
  });

  it('are read from Bearer, Token (Mem0 clients) or x-api-key, and nothing else', () => {
    expect(presentedKey('Bearer egk_abc', undefined)).toBe('egk_abc');
    expect(presentedKey('bearer   egk_abc  ', undefined)).toBe('egk_abc');
    expect(presentedKey('Token egk_abc', undefined)).toBe('egk_abc');
    expect(presentedKey(undefined, 'egk_xyz')).toBe('egk_xyz');
    expect(presentedKey('Basic dXNlcjpwYXNz', undefined)).toBeNull();
    expect(presentedKey('Bearer', undefined)).toBeNull();
    expect(presentedKey('Bearer a b', undefined)).toBeNull();
    expect(presentedKey(undefined, '  ')).toBeNull();
    expect(presentedKey(undefined, undefined)).toBeNull();
  });
});
