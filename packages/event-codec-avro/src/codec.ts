import { fileURLToPath } from 'node:url';
import { EngramError, type EngramEvent, type EventCodec, type EventType } from '@engram/core';
import { loadSchemaCatalogue, type ReleasedSchema, type SchemaCatalogue } from './schema-catalogue';
import { frameSingleObject, unframeSingleObject } from './single-object';
import { UpcasterRegistry, type UpcasterEntry } from './upcasters';
import { toPlain } from './to-plain';

export interface ReleasedVersion {
  type: EventType;
  version: number;
  current: boolean;
  file: string;
  fingerprintHex: string;
}

export interface AvroEventCodec extends EventCodec {
  /** Hex of the 8 little-endian fingerprint bytes of a type's schema (current version by default). */
  fingerprintOf(type: EventType, version?: number): string;
  currentVersion(type: EventType): number;
  /** Encodes a value shaped like an older (or the current) released schema; used to write old versions in tests. */
  encodeWithVersion(event: { readonly type: EventType }, version: number): Uint8Array;
  /** Type, version and fingerprint of encoded bytes, without decoding the body. */
  writerOf(bytes: Uint8Array): { type: EventType; version: number; fingerprintHex: string };
  releasedVersions(): ReleasedVersion[];
  /** The released schema objects (Avro types included), for tools and tests. */
  readonly catalogue: SchemaCatalogue;
  readonly upcasters: UpcasterRegistry;
}

export interface AvroEventCodecOptions {
  /** Directory holding catalogue.json and events/; defaults to the repository's schemas/. */
  schemasDir?: string;
  /** Replaces the built-in upcasters (tests). */
  upcasters?: readonly UpcasterEntry[];
}

export const DEFAULT_SCHEMAS_DIR = fileURLToPath(new URL('../../../schemas/', import.meta.url));

function describeInvalid(schema: ReleasedSchema, value: unknown): string {
  const paths: string[] = [];
  schema.avroType.isValid(value, { errorHook: (path) => paths.push(path.join('.') || '(root)') });
  return `${schema.type} does not match ${schema.file}: invalid ${paths.slice(0, 5).join(', ') || 'value'}`;
}

export function createAvroEventCodec(opts: AvroEventCodecOptions = {}): AvroEventCodec {
  const catalogue = loadSchemaCatalogue(opts.schemasDir ?? DEFAULT_SCHEMAS_DIR);
  const upcasters = new UpcasterRegistry(opts.upcasters);

  const schemaOf = (type: EventType, version?: number): ReleasedSchema => {
    const all = catalogue.byType.get(type);
    if (!all) throw new EngramError('SCHEMA_UNKNOWN', `unknown event type: ${String(type)}`);
    if (version === undefined) return catalogue.current.get(type)!;
    const s = all.find((x) => x.version === version);
    if (!s) throw new EngramError('SCHEMA_UNKNOWN', `${type} has no released schema version ${version}`);
    return s;
  };

  const encodeAs = (schema: ReleasedSchema, event: Record<string, unknown>): Uint8Array => {
    // The version on the wire is the writer schema's, whatever the caller put in the object.
    const value = { ...event, schemaVersion: schema.version };
    if (!schema.avroType.isValid(value)) throw new EngramError('VALIDATION_FAILED', describeInvalid(schema, value));
    return frameSingleObject(schema.fingerprint, schema.avroType.toBuffer(value));
  };

  const writerSchema = (bytes: Uint8Array) => {
    const { fingerprint, body } = unframeSingleObject(bytes);
    const writer = catalogue.byFingerprint.get(fingerprint);
    if (!writer) {
      const hex = Buffer.from(bytes.subarray(2, 10)).toString('hex');
      throw new EngramError('SCHEMA_UNKNOWN', `no released event schema has fingerprint ${hex}`, {
        details: { fingerprint: hex },
      });
    }
    return { writer, body };
  };

  const resolvers = new Map<ReleasedSchema, ReturnType<ReleasedSchema['avroType']['createResolver']>>();
  const resolverFor = (writer: ReleasedSchema, reader: ReleasedSchema) => {
    let r = resolvers.get(writer);
    if (!r) {
      r = reader.avroType.createResolver(writer.avroType);
      resolvers.set(writer, r);
    }
    return r;
  };

  return {
    catalogue,
    upcasters,

    encode(event: EngramEvent): Uint8Array {
      return encodeAs(schemaOf(event.type), event as unknown as Record<string, unknown>);
    },

    encodeWithVersion(event, version) {
      return encodeAs(schemaOf(event.type, version), event as Record<string, unknown>);
    },

    decode(bytes: Uint8Array): EngramEvent {
      const { writer, body } = writerSchema(bytes);
      const reader = catalogue.current.get(writer.type)!;
      let value: unknown;
      try {
        value = reader.avroType.fromBuffer(body, resolverFor(writer, reader));
      } catch (e) {
        throw new EngramError('DECODE_FAILED', `cannot decode ${writer.file}: ${(e as Error).message}`, { cause: e });
      }
      const event = toPlain(value) as unknown as EngramEvent;
      if (event.type !== writer.type) {
        throw new EngramError(
          'DECODE_FAILED',
          `event type field "${String(event.type)}" does not match its schema ${writer.file}`,
        );
      }
      event.schemaVersion = writer.version;
      return upcasters.upcast(event, writer.version, reader.version);
    },

    writerOf(bytes) {
      const { writer } = writerSchema(bytes);
      return { type: writer.type, version: writer.version, fingerprintHex: writer.fingerprintHex };
    },

    fingerprintOf(type, version) {
      return schemaOf(type, version).fingerprintHex;
    },

    currentVersion(type) {
      return schemaOf(type).version;
    },

    releasedVersions() {
      const out: ReleasedVersion[] = [];
      for (const [type, schemas] of catalogue.byType) {
        const current = catalogue.current.get(type)!;
        for (const s of schemas)
          out.push({
            type,
            version: s.version,
            current: s === current,
            file: s.file,
            fingerprintHex: s.fingerprintHex,
          });
      }
      return out;
    },
  };
}
