import { EngramError, MEMORY_TYPES, PROVENANCE_SOURCES, ROLES, TIERS, entityTerms, parsePosition } from '@engram/core';
import type { LogPosition, Scope } from '@engram/core';

/** Tenant, user, agent and session ids: 1–128 chars of [A-Za-z0-9._:-]. */
export const ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;
export const ID_PATTERN_SOURCE = '^[A-Za-z0-9._:-]{1,128}$';
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const UUID_PATTERN_SOURCE = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
export const MAX_KEY_CHARS = 256;
export const MAX_TAGS = 32;
export const MAX_TAG_CHARS = 64;
export const MAX_MESSAGE_ID_CHARS = 256;
export const MAX_QUERY_CHARS = 4096;
export const MAX_METADATA_BYTES = 16 * 1024;
export const MAX_K = 100;
export const MAX_ENTITIES = 16;
export const MAX_ENTITY_CHARS = 128;
const CONTROL = /[\u0000-\u001f\u007f]/;

export function invalid(field: string, message: string): EngramError {
  return new EngramError('VALIDATION_FAILED', `${field}: ${message}`, { details: { field } });
}

export function requireId(value: unknown, field: string): string {
  if (typeof value !== 'string' || !ID_PATTERN.test(value)) {
    throw invalid(field, 'must be 1–128 characters of A-Z a-z 0-9 . _ : -');
  }
  return value;
}

export function optionalId(value: unknown, field: string): string | null {
  if (value === undefined || value === null) return null;
  return requireId(value, field);
}

export function requireScope(scope: unknown): Scope {
  if (typeof scope !== 'object' || scope === null) throw invalid('scope', 'is required');
  const s = scope as Record<string, unknown>;
  return {
    tenantId: requireId(s.tenantId, 'tenantId'),
    userId: requireId(s.userId, 'userId'),
    agentId: optionalId(s.agentId, 'agentId'),
  };
}

export function requireUuid(value: unknown, field: string): string {
  if (typeof value !== 'string' || !UUID_PATTERN.test(value)) throw invalid(field, 'must be a UUID');
  return value.toLowerCase();
}

export function requireContent(value: unknown, field: string, maxBytes: number): string {
  if (typeof value !== 'string') throw invalid(field, 'must be a string');
  if (value.trim().length === 0) throw invalid(field, 'must not be empty');
  const bytes = Buffer.byteLength(value, 'utf8');
  if (bytes > maxBytes) {
    throw new EngramError('CONTENT_TOO_LARGE', `${field} is ${bytes} bytes; the limit is ${maxBytes} bytes of UTF-8`, {
      details: { field, bytes, maxBytes },
    });
  }
  return value;
}

export function optionalText(value: unknown, field: string, maxChars: number): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw invalid(field, 'must be a string');
  if (value.length === 0 || value.length > maxChars) throw invalid(field, `must be 1–${maxChars} characters`);
  if (CONTROL.test(value)) throw invalid(field, 'must not contain control characters');
  return value;
}

export function requireEnum<T extends string>(value: unknown, allowed: readonly T[], field: string): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw invalid(field, `must be one of ${allowed.join(', ')}`);
  }
  return value as T;
}

export function optionalEnumList<T extends string>(value: unknown, allowed: readonly T[], field: string): T[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw invalid(field, 'must be an array');
  return value.map((v, i) => requireEnum(v, allowed, `${field}[${i}]`));
}

export function optionalTags(value: unknown, field = 'tags'): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw invalid(field, 'must be an array of strings');
  if (value.length > MAX_TAGS) throw invalid(field, `at most ${MAX_TAGS} tags`);
  const out = value.map((t, i) => optionalText(t, `${field}[${i}]`, MAX_TAG_CHARS) ?? '');
  if (out.some((t) => t === '')) throw invalid(field, 'tags must not be null');
  return [...new Set(out)];
}

/** R9 entity filter: names or entity-id slugs, each with at least one letter or digit to match on. */
export function optionalEntities(value: unknown, field = 'entities'): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw invalid(field, 'must be an array of strings');
  if (value.length > MAX_ENTITIES) throw invalid(field, `at most ${MAX_ENTITIES} entities`);
  const out = value.map((e, i) => {
    const name = optionalText(e, `${field}[${i}]`, MAX_ENTITY_CHARS);
    if (name === null) throw invalid(`${field}[${i}]`, 'must be a string');
    if (entityTerms(name).length === 0) throw invalid(`${field}[${i}]`, 'must contain a letter or digit');
    return name;
  });
  return out.length > 0 ? [...new Set(out)] : undefined;
}

export function optionalUnit(value: unknown, field: string, fallback: number): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1) throw invalid(field, 'must be a number from 0 to 1');
  return value;
}

/** A factor in (0, 1], or undefined when not given. */
export function optionalFactor(value: unknown, field: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > 1) throw invalid(field, 'must be a number greater than 0 and at most 1');
  return value;
}

export function optionalBoolean(value: unknown, field: string, fallback: boolean): boolean {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'boolean') throw invalid(field, 'must be a boolean');
  return value;
}

export function optionalInt(value: unknown, field: string, min: number, max: number, fallback: number): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw invalid(field, `must be an integer from ${min} to ${max}`);
  }
  return value;
}

/** ISO-8601 timestamp, returned normalized. */
export function optionalTime(value: unknown, field: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) throw invalid(field, 'must be an ISO-8601 timestamp');
  const t = Date.parse(value);
  if (!Number.isFinite(t)) throw invalid(field, 'must be an ISO-8601 timestamp');
  return new Date(t).toISOString();
}

export function optionalMetadata(value: unknown, field = 'metadata'): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid(field, 'must be a JSON object');
  const bytes = Buffer.byteLength(JSON.stringify(value), 'utf8');
  if (bytes > MAX_METADATA_BYTES) {
    throw new EngramError('CONTENT_TOO_LARGE', `${field} is ${bytes} bytes; the limit is ${MAX_METADATA_BYTES}`, {
      details: { field, bytes, maxBytes: MAX_METADATA_BYTES },
    });
  }
  return value as Record<string, unknown>;
}

export function optionalPosition(value: unknown, field = 'minPosition'): LogPosition | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' && typeof value !== 'number') throw invalid(field, 'must be "partition:offset"');
  const p = parsePosition(value);
  if (!p) throw invalid(field, 'must be "partition:offset"');
  return p;
}

export function optionalCorrelation(value: unknown): string | null {
  return optionalText(value, 'correlationId', 128);
}

export const ENUMS = { MEMORY_TYPES, PROVENANCE_SOURCES, ROLES, TIERS } as const;
