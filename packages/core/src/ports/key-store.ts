import type { ApiScope } from '../auth/principal';

/** An API key as stored: only the SHA-256 of the secret is kept (P5: hashed at rest). */
export interface ApiKeyRecord {
  id: string;
  /** The first characters of the key, to recognise it in listings. */
  prefix: string;
  name: string | null;
  tenantId: string;
  /** Bound user / agent: every request of the key is confined to them. */
  userId: string | null;
  agentId: string | null;
  scopes: ApiScope[];
  createdAt: string;
  /** Updated at most about once a minute per key and process. */
  lastUsedAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
  /** Key id of whoever created it (BOOTSTRAP_KEY_ID, or null when created offline or with auth off). */
  createdBy: string | null;
}

export interface NewApiKey extends Omit<ApiKeyRecord, 'lastUsedAt' | 'revokedAt'> {
  hash: string;
}

export interface KeyListFilter {
  /** Only this tenant's keys; every tenant's when absent. */
  tenantId?: string;
  includeRevoked?: boolean;
  limit?: number;
}

/**
 * The key-store port. The SQL adapter (packages/key-store-sql) serves both PGlite and Postgres; on
 * a shared store (Postgres, several services) every lookup reads the table, so a revocation holds
 * for the very next request on every service.
 */
export interface KeyStore {
  insert(key: NewApiKey): Promise<ApiKeyRecord>;
  /** The key with this hash, revoked or expired ones included (the caller decides). */
  findByHash(hash: string): Promise<ApiKeyRecord | null>;
  get(id: string): Promise<ApiKeyRecord | null>;
  /** Newest first. */
  list(filter?: KeyListFilter): Promise<ApiKeyRecord[]>;
  /** Marks the key revoked (the row stays for audit); idempotent. Null when there is no such key. */
  revoke(id: string, at: string): Promise<ApiKeyRecord | null>;
  touch(id: string, at: string): Promise<void>;
}
