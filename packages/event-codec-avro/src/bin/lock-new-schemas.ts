/**
 * Adds newly released schema files to schemas/fingerprints.lock.json. Existing entries are never
 * rewritten: if a released file changed, this refuses and names it (restore the file instead).
 * Usage: npx tsx packages/event-codec-avro/src/bin/lock-new-schemas.ts [schemasDir]
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_SCHEMAS_DIR } from '../codec';
import {
  FINGERPRINT_LOCK_FILE,
  lockEntryOf,
  readFingerprintLock,
  verifyFingerprintLock,
  type FingerprintLock,
} from '../fingerprint-lock';
import { loadSchemaCatalogue } from '../schema-catalogue';

const dir = process.argv[2] ?? DEFAULT_SCHEMAS_DIR;
const catalogue = loadSchemaCatalogue(dir);
let lock: FingerprintLock = {};
try {
  lock = readFingerprintLock(dir);
} catch {
  lock = {};
}
const released = [...catalogue.byType.values()].flat();
const problems = verifyFingerprintLock(released, lock).filter((p) => !p.includes('is released but not locked'));
if (problems.length > 0) {
  console.error(
    `refusing to update the lock (restore released files, add a new version instead):\n${problems.join('\n')}`,
  );
  process.exit(1);
}
const added: string[] = [];
for (const s of released) {
  if (lock[s.file]) continue;
  lock[s.file] = lockEntryOf(s);
  added.push(s.file);
}
const sorted = Object.fromEntries(Object.entries(lock).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(join(dir, FINGERPRINT_LOCK_FILE), JSON.stringify(sorted, null, 2) + '\n');
console.log(added.length > 0 ? `locked: ${added.join(', ')}` : 'nothing new to lock');
