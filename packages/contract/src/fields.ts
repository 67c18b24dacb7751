import Type from 'typebox';
import { MAX_CONTENT_BYTES, UUID_PATTERN } from '@engram/core';
import { MAX_JSON_DEPTH, MAX_METADATA_BYTES } from './limits';
import { refine } from './refine';
import { jsonProblem, lineProblem, positionProblem, textProblem, timestampProblem, utf8Length } from './storable';

/** The field types every request (and the event check) is built from. */

/** Advertised to schema readers (fuzzers, generated clients); the refinement is the full check. */
export const NO_NUL_PATTERN = '^[^\\u0000]*$';
const NO_CONTROL_PATTERN = '^[^\\u0000-\\u001f\\u007f]*$';
export const ID_PATTERN = '^[A-Za-z0-9._:-]{1,128}$';
export const POSITION_PATTERN = '^(\\d{1,10}:)?\\d{1,16}$';

/** Free text that may span lines (message content, queries). */
export const text = (opts: { minLength?: number; maxLength?: number; description?: string } = {}) =>
  refine(Type.String({ pattern: NO_NUL_PATTERN, ...opts }), textProblem);

/** One-line text: keys, tags, scope tags, reasons, message ids. */
export const line = (opts: { minLength?: number; maxLength?: number; description?: string } = {}) =>
  refine(Type.String({ pattern: NO_CONTROL_PATTERN, ...opts }), lineProblem);

/** Tenant, user, agent and session ids. */
export const id = (description: string) => Type.String({ pattern: ID_PATTERN, description });

export const uuid = (description: string) => Type.String({ pattern: UUID_PATTERN, description });

/** Content of a memory or message: not blank; its size limit is configuration (limits.maxContentBytes), checked by the app. */
export const content = () =>
  refine(
    text({
      minLength: 1,
      description: `not blank; at most limits.maxContentBytes of UTF-8 (default ${MAX_CONTENT_BYTES / 1024} KB)`,
    }),
    (s) => (s.trim().length === 0 ? 'must not be blank' : null),
  );

export const timestamp = (description: string) =>
  refine(Type.String({ format: 'date-time', description }), timestampProblem);

export const position = (description = 'log position "partition:offset"') =>
  refine(Type.String({ pattern: POSITION_PATTERN, description }), positionProblem);

/** A JSON object of the caller's (metadata): storable strings and keys, finite numbers, bounded nesting and size. */
export const jsonObject = (
  description = `JSON object, at most ${MAX_METADATA_BYTES / 1024} KB, nested at most ${MAX_JSON_DEPTH} deep`,
) =>
  refine(
    refine(Type.Record(Type.String(), Type.Unknown(), { description }), (v) => {
      const p = jsonProblem(v);
      return p ? `${p.path ? `${p.path}: ` : ''}${p.problem}` : null;
    }),
    (v) => {
      // Only a well-formed value is measured (JSON.stringify of a hostile nesting would overflow).
      if (jsonProblem(v) !== null) return null;
      const bytes = utf8Length(JSON.stringify(v));
      return bytes > MAX_METADATA_BYTES ? `is ${bytes} bytes; the limit is ${MAX_METADATA_BYTES}` : null;
    },
    'CONTENT_TOO_LARGE',
  );

export const unit = (description: string, dflt?: number) =>
  Type.Number({ minimum: 0, maximum: 1, description, ...(dflt !== undefined ? { default: dflt } : {}) });

export const enumOf = <T extends string>(values: readonly T[], opts: { description?: string; default?: T } = {}) =>
  Type.Enum([...values], opts);
