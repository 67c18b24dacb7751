import { contentSearchTerms, type Scope, type SqlExecutor } from '@engram/core';

/** Keys under which a user's own names are stored (rule engine, LLM extractor and API writes alike). */
const NAME_KEYS = ['user.name', 'user.nickname', 'user.surname'];

/**
 * R5: the search terms of the user's own names. In that user's memories the name only says "this is
 * about the user", as every USER fact is, so it must not on its own carry a lexical match: otherwise
 * "where does alice live?" ranks "User's name is Alice" above "User lives in Berlin". The name is
 * the fact's extracted object when there is one, else its content without the key's words.
 */
export async function userNameTerms(db: SqlExecutor, scope: Scope): Promise<Set<string>> {
  const r = await db.query<{ key: string; content: string; object: string | null }>(
    `SELECT key, content, metadata->>'object' AS object FROM memories
      WHERE tenant_id = $1 AND user_id = $2 AND key = ANY($3::text[]) AND superseded_by IS NULL`,
    [scope.tenantId, scope.userId, NAME_KEYS],
  );
  const out = new Set<string>();
  for (const row of r.rows) {
    const keyWords = new Set(contentSearchTerms(`user ${row.key.replace(/[._]/g, ' ')}`));
    const source = row.object?.trim() ? row.object : row.content;
    for (const t of contentSearchTerms(source)) if (!keyWords.has(t)) out.add(t);
  }
  return out;
}
