import { afterEach, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import avro from 'avsc';
import { currentSchemaVersion } from '@engram/core';
import {
  crc64Avro,
  createAvroEventCodec,
  DEFAULT_SCHEMAS_DIR,
  loadSchemaCatalogue,
  readFingerprintLock,
  verifyFingerprintLock,
} from '@engram/event-codec-avro';

const tmpDirs: string[] = [];
function copyOfSchemas(): string {
  const dir = mkdtempSync(join(tmpdir(), 'engram-schemas-'));
  tmpDirs.push(dir);
  cpSync(DEFAULT_SCHEMAS_DIR, dir, { recursive: true });
  return dir;
}
afterEach(() => {
  for (const d of tmpDirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const released = (dir: string) => [...loadSchemaCatalogue(dir).byType.values()].flat();

describe('CRC-64-AVRO and canonical form (Avro spec test vectors)', () => {
  const vectors: Array<[unknown, string, bigint]> = [
    ['null', '"null"', 7195948357588979594n],
    [{ type: 'boolean' }, '"boolean"', BigInt.asUintN(64, -6970731678124411036n)],
    [{ type: 'fixed', name: 'foo', size: 15 }, '{"name":"foo","type":"fixed","size":15}', 1756455273707447556n],
    [
      { type: 'record', name: 'foo', doc: 'dropped', fields: [{ name: 'f1', type: 'boolean', default: true }] },
      '{"name":"foo","type":"record","fields":[{"name":"f1","type":"boolean"}]}',
      7843277075252814651n,
    ],
  ];
  it.each(vectors)('%j', (schema, canonical, fp) => {
    const form = JSON.stringify(avro.Type.forSchema(schema as avro.Schema).schema());
    expect(form).toBe(canonical);
    expect(crc64Avro(Buffer.from(form))).toBe(fp);
  });
});

describe('released schema files are never edited', () => {
  it('schemas/fingerprints.lock.json matches every released file', () => {
    expect(verifyFingerprintLock(released(DEFAULT_SCHEMAS_DIR), readFingerprintLock(DEFAULT_SCHEMAS_DIR))).toEqual([]);
  });

  it('detects an edited doc string, a changed field and a dropped release', () => {
    const dir = copyOfSchemas();
    const lock = readFingerprintLock(dir);
    const docFile = join(dir, 'events/SessionStarted/v1.avsc');
    writeFileSync(docFile, readFileSync(docFile, 'utf8').replace('A session began.', 'A session started.'));
    // A compatible change (an added optional field) still changes the canonical form of a released file.
    const pinnedFile = `events/MemoryPinned/v${currentSchemaVersion('MemoryPinned')}.avsc`;
    const pinned = JSON.parse(readFileSync(join(dir, pinnedFile), 'utf8'));
    pinned.fields.at(-1).type.fields.push({ name: 'note', type: ['null', 'string'], default: null });
    writeFileSync(join(dir, pinnedFile), JSON.stringify(pinned));
    const catalogueFile = join(dir, 'catalogue.json');
    const cat = JSON.parse(readFileSync(catalogueFile, 'utf8'));
    cat.types.MemoryWritten.released = cat.types.MemoryWritten.released.filter((v: number) => v !== 1);
    writeFileSync(catalogueFile, JSON.stringify(cat));
    const problems = verifyFingerprintLock(released(dir), lock);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('events/SessionStarted/v1.avsc was edited after release'),
        expect.stringContaining(`${pinnedFile} changed its canonical form`),
        expect.stringContaining('events/MemoryWritten/v1.avsc is locked but no longer listed'),
      ]),
    );
    expect(problems).toHaveLength(3);
  });
});

describe('catalogue validation at load', () => {
  it('refuses a current version that cannot read an older one (required field without default)', () => {
    const dir = copyOfSchemas();
    const currentFile = join(dir, `events/MemoryWritten/v${currentSchemaVersion('MemoryWritten')}.avsc`);
    const current = JSON.parse(readFileSync(currentFile, 'utf8'));
    current.fields.at(-1).type.fields.push({ name: 'origin', type: 'string' });
    writeFileSync(currentFile, JSON.stringify(current));
    expect(() => createAvroEventCodec({ schemasDir: dir })).toThrowError(
      expect.objectContaining({
        code: 'CONFIG_INVALID',
        message: expect.stringContaining('events/MemoryWritten/v1.avsc cannot be read by current'),
      }),
    );
  });

  it('refuses a catalogue whose current version disagrees with @engram/core', () => {
    const dir = copyOfSchemas();
    const cat = JSON.parse(readFileSync(join(dir, 'catalogue.json'), 'utf8'));
    cat.types.MemoryWritten.current = 1;
    writeFileSync(join(dir, 'catalogue.json'), JSON.stringify(cat));
    expect(() => createAvroEventCodec({ schemasDir: dir })).toThrowError(
      `MemoryWritten: catalogue.json says current v1, @engram/core CURRENT_SCHEMA_VERSIONS says v${currentSchemaVersion('MemoryWritten')}`,
    );
  });

  it('refuses a catalogue missing an event type, or a missing schema file', () => {
    const dir = copyOfSchemas();
    const cat = JSON.parse(readFileSync(join(dir, 'catalogue.json'), 'utf8'));
    delete cat.types.SkillRecorded;
    writeFileSync(join(dir, 'catalogue.json'), JSON.stringify(cat));
    expect(() => createAvroEventCodec({ schemasDir: dir })).toThrowError(/lacks event types: SkillRecorded/);
    const version = currentSchemaVersion('SkillRecorded');
    cat.types.SkillRecorded = { current: version, released: Array.from({ length: version }, (_, i) => i + 1) };
    writeFileSync(join(dir, 'catalogue.json'), JSON.stringify(cat));
    rmSync(join(dir, `events/SkillRecorded/v${version}.avsc`));
    expect(() => createAvroEventCodec({ schemasDir: dir })).toThrowError(
      `events/SkillRecorded/v${version}.avsc is missing`,
    );
  });

  it('a codec on a copied schemas dir reads bytes written by the default one', () => {
    const dir = copyOfSchemas();
    const a = createAvroEventCodec();
    const b = createAvroEventCodec({ schemasDir: dir });
    expect(b.releasedVersions()).toEqual(a.releasedVersions());
  });
});
