import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReleasedSchema } from './schema-catalogue';

/** `schemas/fingerprints.lock.json`: what every released schema file was when it was released. */
export const FINGERPRINT_LOCK_FILE = 'fingerprints.lock.json';

export interface FingerprintLockEntry {
  fingerprint: string;
  sha256: string;
}

export type FingerprintLock = Record<string, FingerprintLockEntry>;

export function readFingerprintLock(schemasDir: string): FingerprintLock {
  return JSON.parse(readFileSync(join(schemasDir, FINGERPRINT_LOCK_FILE), 'utf8')) as FingerprintLock;
}

export function lockEntryOf(schema: ReleasedSchema): FingerprintLockEntry {
  return { fingerprint: schema.fingerprintHex, sha256: schema.sha256 };
}
