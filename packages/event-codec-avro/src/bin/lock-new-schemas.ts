/**
 * Adds newly released schema files to schemas/fingerprints.lock.json. Existing entries are never
 * rewritten: if a released file changed, this refuses and names it (restore the file instead).
 * Usage: npx tsx packages/event-codec-avro/src/bin/lock-new-schemas.ts [schemasDir]
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_SCHEMAS_DIR } from '../codec';
import { FINGERPRINT_LOCK_FILE, lockEntryOf, readFingerprintLock, type FingerprintLock } from '../fingerprint-lock';
import { loadSchemaCatalogue } from '../schema-catalogue';

const dir = process.argv[2] ?? DEFAULT_SCHEMAS_DIR;
const catalogue = loadSchemaCatalogue(dir);
let lock: FingerprintLock = {};
try {
  lock = readFingerprintLock(dir);
} catch {
  lock = {};
}
const changed: string[] = [];
const added: string[] = [];
for (const schemas of catalogue.byType.values()) {
  for (const s of schemas) {
    const entry = lockEntryOf(s);
    const locked = lock[s.file];
    if (!locked) {
      lock[s.file] = entry;
      added.push(s.file);
    } else if (locked.fingerprint !== entry.fingerprint || locked.sha256 !== entry.sha256) {
      changed.push(s.file);
    }
  }
}
if (changed.length > 0) {
  console.error(`released schema files were edited (restore them, add a new version instead): ${changed.join(', ')}`);
  process.exit(1);
}
const sorted = Object.fromEntries(Object.entries(lock).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(join(dir, FINGERPRINT_LOCK_FILE), JSON.stringify(sorted, null, 2) + '\n');
console.log(added.length > 0 ? `locked: ${added.join(', ')}` : 'nothing new to lock');
