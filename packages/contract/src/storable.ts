import { MAX_JSON_DEPTH, MAX_OFFSET, MAX_PARTITION, MAX_YEAR, MIN_YEAR } from './limits';

/**
 * What the read side can store, as plain checks (each answers null when fine, else the problem).
 * The request schemas and the event check are built from these, so a value the API accepts is
 * always one every projector can write.
 */

/** PostgreSQL text and jsonb cannot hold U+0000, and UTF-8 cannot encode a lone surrogate. */
export function textProblem(s: string): string | null {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0) return 'must not contain NUL (U+0000)';
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      return 'must not contain an unpaired surrogate';
    }
    if (c >= 0xdc00 && c <= 0xdfff) return 'must not contain an unpaired surrogate';
  }
  return null;
}

/** Single-line fields (ids, keys, tags, reasons) also refuse C0 controls and DEL. */
export function lineProblem(s: string): string | null {
  if (/[\u0000-\u001f\u007f]/.test(s)) return 'must not contain control characters';
  return textProblem(s);
}

const EARLIEST = Date.UTC(MIN_YEAR, 0, 1);
const LATEST = Date.UTC(MAX_YEAR + 1, 0, 1);

/** An ISO-8601 date-time whose instant lies in years MIN_YEAR..MAX_YEAR (UTC). */
export function timestampProblem(s: string): string | null {
  const t = Date.parse(s);
  if (!Number.isFinite(t)) return 'must be an ISO-8601 date-time';
  if (t < EARLIEST || t >= LATEST) return `must lie in the years ${MIN_YEAR}–${MAX_YEAR}`;
  return null;
}

/** "partition:offset" (or a bare offset) whose parts fit their storage types. */
export function positionProblem(s: string): string | null {
  const m = /^(?:(\d{1,10}):)?(\d{1,16})$/.exec(s);
  if (!m) return 'must be "partition:offset"';
  if (m[1] !== undefined && Number(m[1]) > MAX_PARTITION) return `partition must be at most ${MAX_PARTITION}`;
  if (Number(m[2]) > MAX_OFFSET) return `offset must be at most ${MAX_OFFSET}`;
  return null;
}

export interface JsonProblem {
  /** Dotted path below the value ("a.b[2]"), '' for the value itself. */
  path: string;
  problem: string;
}

const join = (path: string, key: string | number) =>
  typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key;

/**
 * Walks a JSON value without recursion (so a hostile nesting cannot overflow the stack): every key
 * and string storable, every number finite, nesting at most maxDepth.
 */
export function jsonProblem(value: unknown, maxDepth = MAX_JSON_DEPTH): JsonProblem | null {
  const stack: Array<{ v: unknown; path: string; depth: number }> = [{ v: value, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { v, path, depth } = stack.pop()!;
    if (v === null || typeof v === 'boolean') continue;
    if (typeof v === 'string') {
      const p = textProblem(v);
      if (p) return { path, problem: p };
      continue;
    }
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) return { path, problem: 'must be a finite number' };
      continue;
    }
    if (typeof v !== 'object') return { path, problem: `a ${typeof v} is not JSON` };
    if (depth >= maxDepth) return { path, problem: `nests deeper than ${maxDepth} levels` };
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], path: join(path, i), depth: depth + 1 });
      continue;
    }
    const entries = Object.entries(v as Record<string, unknown>);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [k, child] = entries[i]!;
      const kp = textProblem(k);
      if (kp) return { path: join(path, k), problem: `key ${kp}` };
      stack.push({ v: child, path: join(path, k), depth: depth + 1 });
    }
  }
  return null;
}

/** UTF-8 length without allocating (a lone surrogate counts as the 3 bytes of U+FFFD). */
export function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}
