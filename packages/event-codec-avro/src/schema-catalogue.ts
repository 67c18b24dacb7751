import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import avro from 'avsc';
import { CURRENT_SCHEMA_VERSIONS, EngramError, EVENT_TYPES, type EventType } from '@engram/core';
import { crc64Avro, fingerprintHex } from './crc64-avro';
import { LOGICAL_TYPES } from './json-logical-type';

/** One released schema file: `schemas/events/<type>/v<version>.avsc`. */
export interface ReleasedSchema {
  type: EventType;
  version: number;
  /** Path relative to the schemas directory, e.g. `events/MessageObserved/v1.avsc`. */
  file: string;
  avroType: avro.Type;
  /** Avro Parsing Canonical Form of the schema. */
  canonicalForm: string;
  fingerprint: bigint;
  fingerprintHex: string;
  /** sha256 of the file bytes, so any edit of a released file is detected. */
  sha256: string;
}

export interface SchemaCatalogue {
  /** Released schemas per type, ascending by version. */
  byType: Map<EventType, ReleasedSchema[]>;
  current: Map<EventType, ReleasedSchema>;
  byFingerprint: Map<bigint, ReleasedSchema>;
}

interface CatalogueFile {
  types: Record<string, { current: number; released: number[] }>;
}

export function schemaFileOf(type: string, version: number): string {
  return `events/${type}/v${version}.avsc`;
}

export function parseAvroSchema(schema: unknown): avro.Type {
  return avro.Type.forSchema(schema as avro.Schema, { logicalTypes: LOGICAL_TYPES, wrapUnions: false });
}

function invalid(message: string, cause?: unknown): EngramError {
  return new EngramError('CONFIG_INVALID', `event schema catalogue: ${message}`, cause === undefined ? {} : { cause });
}

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw invalid(`cannot read ${path}: ${(e as Error).message}`, e);
  }
}

function loadReleased(dir: string, type: EventType, version: number): ReleasedSchema {
  const file = schemaFileOf(type, version);
  const path = join(dir, file);
  let raw: Buffer;
  try {
    raw = readFileSync(path);
  } catch (e) {
    throw invalid(`released schema ${file} is missing`, e);
  }
  let avroType: avro.Type;
  try {
    avroType = parseAvroSchema(JSON.parse(raw.toString('utf8')));
  } catch (e) {
    throw invalid(`${file} is not a valid Avro schema: ${(e as Error).message}`, e);
  }
  if (avroType.name !== `engram.events.${type}`)
    throw invalid(`${file} must define record engram.events.${type}, found ${avroType.name}`);
  const canonicalForm = JSON.stringify(avroType.schema());
  const fingerprint = crc64Avro(Buffer.from(canonicalForm, 'utf8'));
  return {
    type,
    version,
    file,
    avroType,
    canonicalForm,
    fingerprint,
    fingerprintHex: fingerprintHex(fingerprint),
    sha256: createHash('sha256').update(raw).digest('hex'),
  };
}

/** Loads `catalogue.json` and every released schema it lists; checks that each is readable by the current one. */
export function loadSchemaCatalogue(dir: string): SchemaCatalogue {
  const file = readJson(join(dir, 'catalogue.json')) as CatalogueFile;
  if (!file || typeof file.types !== 'object') throw invalid('catalogue.json has no "types" object');
  const listed = Object.keys(file.types);
  const known = new Set<string>(EVENT_TYPES);
  const unknown = listed.filter((t) => !known.has(t));
  if (unknown.length > 0) throw invalid(`catalogue.json lists unknown event types: ${unknown.join(', ')}`);
  const missing = EVENT_TYPES.filter((t) => !(t in file.types));
  if (missing.length > 0) throw invalid(`catalogue.json lacks event types: ${missing.join(', ')}`);

  const byType = new Map<EventType, ReleasedSchema[]>();
  const current = new Map<EventType, ReleasedSchema>();
  const byFingerprint = new Map<bigint, ReleasedSchema>();
  for (const type of EVENT_TYPES) {
    const entry = file.types[type]!;
    const versions = [...new Set(entry.released)].sort((a, b) => a - b);
    if (versions.length === 0 || versions.some((v) => !Number.isSafeInteger(v) || v < 1)) {
      throw invalid(`${type}: released versions must be positive integers`);
    }
    if (!versions.includes(entry.current)) throw invalid(`${type}: current version ${entry.current} is not released`);
    if (entry.current !== CURRENT_SCHEMA_VERSIONS[type]) {
      throw invalid(
        `${type}: catalogue.json says current v${entry.current}, @engram/core CURRENT_SCHEMA_VERSIONS says v${CURRENT_SCHEMA_VERSIONS[type]}`,
      );
    }
    const schemas = versions.map((v) => loadReleased(dir, type, v));
    for (const s of schemas) {
      const clash = byFingerprint.get(s.fingerprint);
      if (clash) throw invalid(`${s.file} has the same canonical form as ${clash.file}`);
      byFingerprint.set(s.fingerprint, s);
    }
    const reader = schemas.find((s) => s.version === entry.current)!;
    for (const writer of schemas) {
      try {
        reader.avroType.createResolver(writer.avroType);
      } catch (e) {
        throw invalid(`${writer.file} cannot be read by current ${reader.file}: ${(e as Error).message}`, e);
      }
    }
    byType.set(type, schemas);
    current.set(type, reader);
  }
  return { byType, current, byFingerprint };
}
