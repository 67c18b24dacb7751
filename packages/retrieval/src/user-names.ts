import { contentSearchTerms, foldChinese, type Scope, type SqlExecutor } from '@engram/core';
import { rowsOf } from './json-rows';

/** Keys under which a user's own names are stored (rule engine, LLM extractor and API writes alike). */
export const NAME_KEYS = ['user.name', 'user.nickname', 'user.surname'];

export interface UserNames {
  /** The names as stored ("Maria", "Maria Lopez", "李娜"). */
  names: string[];
  /**
   * R5: their search terms. In that user's memories the name only says "this is about the user",
   * as every USER fact is, so it must not on its own carry a lexical match: otherwise "where does
   * alice live?" ranks "User's name is Alice" above "User lives in Berlin".
   */
  terms: Set<string>;
}

/** The memories that hold the user's current names (columns: key, content, object); $1 tenant, $2 user. */
export const USER_NAME_ROWS_SQL = `SELECT json_agg(json_build_array(key, content, metadata->>'object'))
     FROM memories
    WHERE tenant_id = $1 AND user_id = $2 AND key = ANY(ARRAY[${NAME_KEYS.map((k) => `'${k}'`).join(', ')}])
      AND superseded_by IS NULL AND tier = 'SEMANTIC'`;

/** The user's current names (one statement; the retriever reads them together with the replaced values: user-state.ts). */
export async function userNames(db: SqlExecutor, scope: Scope): Promise<UserNames> {
  const r = await db.query<{ rows: unknown }>(`SELECT (${USER_NAME_ROWS_SQL})::text AS rows`, [
    scope.tenantId,
    scope.userId,
  ]);
  return namesFromRows(rowsOf(r.rows[0]?.rows));
}

/** The names: the fact's extracted object when there is one, else its content without the key's words. */
export function namesFromRows(rows: readonly unknown[][]): UserNames {
  const names: string[] = [];
  const terms = new Set<string>();
  for (const [key, content, object] of rows as Array<[string, string, string | null]>) {
    const row = { key, content, object };
    const keyWords = new Set(contentSearchTerms(`user ${row.key.replace(/[._]/g, ' ')}`));
    const source = row.object?.trim() ? row.object : row.content;
    const own = contentSearchTerms(source).filter((t) => !keyWords.has(t));
    for (const t of own) terms.add(t);
    if (row.object?.trim()) names.push(row.object.trim());
  }
  return { names, terms };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const HAN = /[\u3400-\u9FFF]/u;
/** Words a question uses for the person the memories belong to. */
const USER_WORDS = /\b(?:the\s+user|user'?s?)\b|用户|用戶|使用者/iu;

function namePattern(name: string): RegExp {
  const n = foldChinese(name.normalize('NFKC'));
  return HAN.test(n)
    ? new RegExp(escape(n), 'gu')
    : new RegExp(`(?<![\\p{L}\\p{N}])${escape(n)}(?:'s|’s)?(?![\\p{L}\\p{N}])`, 'giu');
}

/**
 * The user's name is the user: facts are stored about "User"/"用户", so a question naming the user
 * ("what is Maria's job?") is asked as "what is the user's job?" (the name says which person, not
 * which fact) with "user" added to its keywords; a question about "the user" also searches the user's names
 * (memories written as "Maria works as a nurse"). Longer names are tried first ("Maria Lopez"
 * before "Maria"). Returns the query unchanged when no name is known.
 */
export function nameAwareQueries(
  query: string,
  names: readonly string[],
): { vectorQuery: string; keywordExtra: string[] } {
  if (names.length === 0) return { vectorQuery: query, keywordExtra: [] };
  const folded = foldChinese(query.normalize('NFKC'));
  let vectorQuery = folded;
  let named = false;
  for (const name of [...names].sort((a, b) => b.length - a.length)) {
    const re = namePattern(name);
    if (!re.test(vectorQuery)) continue;
    named = true;
    re.lastIndex = 0;
    vectorQuery = vectorQuery.replace(re, (m) => (HAN.test(m) ? '用户' : /['’]s$/.test(m) ? "the user's" : 'the user'));
  }
  if (named) return { vectorQuery, keywordExtra: HAN.test(folded) ? ['用户', 'user'] : ['user'] };
  if (USER_WORDS.test(folded)) return { vectorQuery: query, keywordExtra: [...names] };
  return { vectorQuery: query, keywordExtra: [] };
}
