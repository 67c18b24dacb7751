import { afterEach, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import avro from 'avsc';
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
    const fieldFile = join(dir, 'events/MemoryPinned/v1.avsc');
    writeFileSync(fieldFile, readFileSync(fieldFile, 'utf8').replace('"memoryId"', '"memoryKey"'));
    const catalogueFile = join(dir, 'catalogue.json');
    const cat = JSON.parse(readFileSync(catalogueFile, 'utf8'));
    cat.types.MemoryWritten.released = [2];
    writeFileSync(catalogueFile, JSON.stringify(cat));
    const problems = verifyFingerprintLock(released(dir), lock);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('events/SessionStarted/v1.avsc was edited after release'),
        expect.stringContaining('events/MemoryPinned/v1.avsc changed its canonical form'),
        expect.stringContaining('events/MemoryWritten/v1.avsc is locked but no longer listed'),
      ]),
    );
    expect(problems).toHaveLength(3);
  });
});

describe('catalogue validation at load', () => {
  it('refuses a current version that cannot read an older one (required field without default)', () => {
    const dir = copyOfSchemas();
    const v2File = join(dir, 'events/MemoryWritten/v2.avsc');
    const v2 = JSON.parse(readFileSync(v2File, 'utf8'));
    v2.fields.at(-1).type.fields.push({ name: 'origin', type: 'string' });
    writeFileSync(v2File, JSON.stringify(v2));
    expect(() => createAvroEventCodec({ schemasDir: dir })).toThrowError(
      expect.objectContaining({ code: 'CONFIG_INVALID', message: expect.stringContaining('events/MemoryWritten/v1.avsc cannot be read by current') }),
    );
  });

  it('refuses a catalogue whose current version disagrees with @engram/core', () => {
    const dir = copyOfSchemas();
    const cat = JSON.parse(readFileSync(join(dir, 'catalogue.json'), 'utf8'));
    cat.types.MemoryWritten.current = 1;
    writeFileSync(join(dir, 'catalogue.json'), JSON.stringify(cat));
    expect(() => createAvroEventCodec({ schemasDir: dir })).toThrowError(/MemoryWritten: catalogue.json says current v1, @engram\/core CURRENT_SCHEMA_VERSIONS says v2/);
  });

  it('refuses a catalogue missing an event type, or a missing schema file', () => {
    const dir = copyOfSchemas();
    const cat = JSON.parse(readFileSync(join(dir, 'catalogue.json'), 'utf8'));
    delete cat.types.SkillRecorded;
    writeFileSync(join(dir, 'catalogue.json'), JSON.stringify(cat));
    expect(() => createAvroEventCodec({ schemasDir: dir })).toThrowError(/lacks event types: SkillRecorded/);
    cat.types.SkillRecorded = { current: 1, released: [1, 2] };
    writeFileSync(join(dir, 'catalogue.json'), JSON.stringify(cat));
    expect(() => createAvroEventCodec({ schemasDir: dir })).toThrowError(/events\/SkillRecorded\/v2.avsc is missing/);
  });

  it('a codec on a copied schemas dir reads bytes written by the default one', () => {
    const dir = copyOfSchemas();
    const a = createAvroEventCodec();
    const b = createAvroEventCodec({ schemasDir: dir });
    expect(b.releasedVersions()).toEqual(a.releasedVersions());
  });
});
