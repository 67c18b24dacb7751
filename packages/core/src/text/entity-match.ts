import { searchTerms } from './search-terms';

/**
 * R9 entity filter. An entity is a name as a user writes it ("Acme Corp", "北京") or the slug the
 * consolidator stores in episodes.entity_ids ("acme_corp"); both reduce to the same search terms,
 * so either form matches the other.
 */
export function entityTerms(entity: string): string[] {
  return searchTerms(entity);
}

const CJK_CHAR = /^[\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF\u3040-\u30FF\uAC00-\uD7AF]$/u;

/**
 * Whether a document's terms name the entity: the entity's terms occur consecutively ("new york"
 * inside "moved to new york city", "北京" inside the bigrams of "北京大学"). A one-character CJK
 * entity has no bigram of its own, so it matches any term that contains the character.
 * An entity without terms names nothing.
 */
export function termsMentionEntity(docTerms: readonly string[], entity: readonly string[]): boolean {
  if (entity.length === 0) return false;
  if (entity.length === 1 && CJK_CHAR.test(entity[0]!)) return docTerms.some((t) => t.includes(entity[0]!));
  outer: for (let i = 0; i + entity.length <= docTerms.length; i++) {
    for (let j = 0; j < entity.length; j++) if (docTerms[i + j] !== entity[j]) continue outer;
    return true;
  }
  return false;
}

/** Metadata fields that describe the record itself (ids, roles, extractor, ranges), never an entity. */
const BOOKKEEPING_KEYS = new Set([
  'messageId',
  'role',
  'memoryKind',
  'extractor',
  'timeHint',
  'messageRangeStart',
  'messageRangeEnd',
  'endedAt',
]);
const MAX_METADATA_DEPTH = 3;

function metadataStrings(value: unknown, depth: number, out: string[]): void {
  if (typeof value === 'string') out.push(value);
  else if (depth >= MAX_METADATA_DEPTH || value === null || typeof value !== 'object') return;
  else if (Array.isArray(value)) for (const v of value) metadataStrings(v, depth + 1, out);
  else for (const [k, v] of Object.entries(value)) if (!BOOKKEEPING_KEYS.has(k)) metadataStrings(v, depth + 1, out);
}

/** The parts of a stored document an entity can be named in. */
export interface EntityBearing {
  content: string;
  key: string | null;
  tags: readonly string[];
  /** Episodes carry `entityIds` here; facts their subject / object; writes the caller's metadata. */
  metadata: Record<string, unknown>;
}

/**
 * Whether a document concerns any of the entities (each given as `entityTerms(name)`): named in its
 * text, key, tags or metadata values (an episode's entity_ids among them).
 */
export function concernsAnyEntity(doc: EntityBearing, entities: readonly (readonly string[])[]): boolean {
  if (entities.length === 0) return true;
  const fields: string[] = [doc.content, ...doc.tags];
  if (doc.key) fields.push(doc.key);
  metadataStrings(doc.metadata, 0, fields);
  const terms = fields.map((f) => searchTerms(f));
  return entities.some((e) => terms.some((t) => termsMentionEntity(t, e)));
}
