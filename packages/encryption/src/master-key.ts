import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { EngramError } from '@engram/core';

/**
 * The master key wraps every data key at rest (AES-256-GCM, the key id and subject as additional
 * data). It never leaves memory and is never logged.
 */
export interface MasterKey {
  wrap(material: Uint8Array, aad: string): string;
  unwrap(wrapped: string, aad: string): Uint8Array;
  /** A value that identifies this master key without revealing it (stored with the keys). */
  readonly check: string;
}

/** 32 bytes as base64 (standard or url-safe) or 64 hex digits. */
export function parseMasterKey(text: string, from: string): Uint8Array {
  const t = text.trim();
  let bytes: Buffer | null = null;
  if (/^[0-9a-fA-F]{64}$/.test(t)) bytes = Buffer.from(t, 'hex');
  else if (/^[A-Za-z0-9+/_-]{43}=?$/.test(t)) bytes = Buffer.from(t.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (!bytes || bytes.length !== 32) {
    throw new EngramError(
      'CONFIG_INVALID',
      `${from} must be 32 bytes as base64 or 64 hex digits (e.g. the output of "openssl rand -base64 32")`,
    );
  }
  return new Uint8Array(bytes);
}

export function generateMasterKeyText(): string {
  return randomBytes(32).toString('base64');
}

export function createMasterKey(raw: Uint8Array): MasterKey {
  if (raw.length !== 32) throw new EngramError('CONFIG_INVALID', 'the master key must be 32 bytes');
  const key = Buffer.from(raw);
  const check = createHmac('sha256', key).update('engram-master-key-check-v1').digest('base64url').slice(0, 22);
  return {
    check,
    wrap(material, aad) {
      const nonce = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', key, nonce);
      c.setAAD(Buffer.from(aad, 'utf8'));
      return Buffer.concat([nonce, c.update(material), c.final(), c.getAuthTag()]).toString('base64url');
    },
    unwrap(wrapped, aad) {
      const b = Buffer.from(wrapped, 'base64url');
      try {
        const d = createDecipheriv('aes-256-gcm', key, b.subarray(0, 12));
        d.setAAD(Buffer.from(aad, 'utf8'));
        d.setAuthTag(b.subarray(b.length - 16));
        return new Uint8Array(Buffer.concat([d.update(b.subarray(12, b.length - 16)), d.final()]));
      } catch (e) {
        throw new EngramError(
          'CONFIG_INVALID',
          'a data key does not unwrap with the master key (wrong ENGRAM_MASTER_KEY, or a damaged key store)',
          { cause: e },
        );
      }
    },
  };
}

/** The additional data a data key is wrapped with: a wrapped key cannot be moved to another id or subject. */
export function keyAad(kid: string, tenantId: string, userId: string): string {
  return `engram-key/1\u001f${kid}\u001f${tenantId}\u001f${userId}`;
}

export function eventKeyAad(kid: string, eventId: string, tenantId: string, userId: string): string {
  return `engram-event-key/1\u001f${kid}\u001f${eventId}\u001f${tenantId}\u001f${userId}`;
}

export function assertSameMaster(stored: string | null, master: MasterKey, where: string): void {
  if (stored !== null && stored !== master.check) {
    throw new EngramError(
      'CONFIG_INVALID',
      `the master key does not match the key store at ${where}: set the ENGRAM_MASTER_KEY (or ENGRAM_MASTER_KEY_FILE) these keys were written with`,
      {
        details: { reason: 'MASTER_KEY_MISMATCH' },
      },
    );
  }
}
