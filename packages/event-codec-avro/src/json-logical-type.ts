import avro from 'avsc';

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * `{"type":"string","logicalType":"json"}`: a free JSON object carried as its JSON text, so
 * producers in any language can write it and the codec hands back a plain object.
 */
export class JsonObjectType extends avro.types.LogicalType {
  protected override _fromValue(text: string): Record<string, unknown> {
    const value: unknown = JSON.parse(text);
    if (!isPlainObject(value)) throw new Error('json logical type: value is not a JSON object');
    return value;
  }

  protected override _toValue(value: unknown): string | undefined {
    // undefined tells avsc the value is invalid (isValid / errorHook report the path).
    return isPlainObject(value) ? JSON.stringify(value) : undefined;
  }

  protected override _resolve(writer: avro.Type): ((v: unknown) => unknown) | undefined {
    if (avro.Type.isType(writer, 'logical:json')) return (v) => v;
    if (avro.Type.isType(writer, 'string')) return (v) => this._fromValue(v as string);
    return undefined;
  }

  // avsc's typings declare random() as returning a type; at runtime it returns a sample value.
  override random(): avro.types.LogicalType {
    const sample = { note: 'random', n: Math.floor(Math.random() * 100), nested: { ok: Math.random() < 0.5 } };
    return sample as unknown as avro.types.LogicalType;
  }
}

export const LOGICAL_TYPES = { json: JsonObjectType };
