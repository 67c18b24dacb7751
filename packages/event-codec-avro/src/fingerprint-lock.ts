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

/** Every problem between the released schemas and the lock; empty when they agree. */
export function verifyFingerprintLock(released: Iterable<ReleasedSchema>, lock: FingerprintLock): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const s of released) {
    seen.add(s.file);
    const locked = lock[s.file];
    const actual = lockEntryOf(s);
    if (!locked) problems.push(`${s.file} is released but not locked (run src/bin/lock-new-schemas.ts)`);
    else if (locked.fingerprint !== actual.fingerprint)
      problems.push(
        `${s.file} changed its canonical form (fingerprint ${locked.fingerprint} -> ${actual.fingerprint})`,
      );
    else if (locked.sha256 !== actual.sha256) problems.push(`${s.file} was edited after release (sha256 differs)`);
  }
  for (const file of Object.keys(lock))
    if (!seen.has(file)) problems.push(`${file} is locked but no longer listed as released in catalogue.json`);
  return problems;
}
