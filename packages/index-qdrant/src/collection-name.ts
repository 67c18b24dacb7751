import { createHash } from 'node:crypto';

export const DEFAULT_COLLECTION_PREFIX = 'engram_';
const MAX_READABLE = 48;

/**
 * One collection per embedding model id (E1: vector spaces never mix). Model ids hold characters
 * Qdrant names may not ("/", ":", "@"), so the readable part is sanitized and a hash of the exact
 * id keeps two ids that sanitize alike ("a/b", "a_b") apart.
 */
export function collectionNameFor(prefix: string, modelId: string): string {
  if (modelId.length === 0) throw new Error('modelId must not be empty');
  const readable = modelId
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, MAX_READABLE);
  const hash = createHash('sha256').update(modelId).digest('hex').slice(0, 10);
  return `${prefix}${readable || 'model'}_${hash}`;
}

/** Whether a collection name was made by collectionNameFor with this prefix. */
export function isOwnCollection(prefix: string, name: string): boolean {
  return name.startsWith(prefix) && /^[a-z0-9_-]*_[0-9a-f]{10}$/.test(name.slice(prefix.length));
}

export function assertValidPrefix(prefix: string): void {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(prefix))
    throw new Error(`collection prefix must match [A-Za-z0-9_-]{1,64}, got "${prefix}"`);
}
