/** Limits of what Engram accepts (request bodies and events alike). */
export const MAX_KEY_CHARS = 256;
export const MAX_TAGS = 32;
export const MAX_TAG_CHARS = 64;
export const MAX_MESSAGE_ID_CHARS = 256;
export const MAX_QUERY_CHARS = 4096;
/** P5 query cost bound: of a query up to MAX_QUERY_CHARS, this many characters (its two ends) are embedded and searched by default (ENGRAM_QUERY_TEXT_CHARS). */
export const QUERY_TEXT_BOUND_CHARS = 1024;
export const MAX_REASON_CHARS = 512;
export const MAX_CORRELATION_CHARS = 128;
export const MAX_METADATA_BYTES = 16 * 1024;
/** Deepest nesting of objects and arrays in a JSON value (metadata): the read store and every walker stay far from stack limits. */
export const MAX_JSON_DEPTH = 16;
export const MAX_K = 100;
export const MAX_ENTITIES = 16;
export const MAX_ENTITY_CHARS = 128;
/** Timestamps outside these years are refused: PostgreSQL, Avro readers and date libraries disagree about year 0 and beyond 9999. */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 9999;
/** A log position's parts must fit their storage: partition an int32 column, offset a bigint (and a JS safe integer). */
export const MAX_PARTITION = 2 ** 31 - 1;
export const MAX_OFFSET = Number.MAX_SAFE_INTEGER;
