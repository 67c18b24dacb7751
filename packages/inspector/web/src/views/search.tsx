import { useState } from 'preact/hooks';
import { api, type Explanation, type QueryHit } from '../api';
import { ErrorBox, num } from '../load';
import { href } from '../router';

const place = (p: Explanation['keyword']) => (p ? `#${p.rank} · ${num(p.score)} → ${num(p.contribution)}` : '—');

/** A search as the agent would make it, with each hit's score breakdown; reinforce: false, so it counts as no recall. */
export function Search({ userId }: { userId: string }) {
  const [q, setQ] = useState('');
  const [hits, setHits] = useState<QueryHit[] | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (e: Event) => {
    e.preventDefault();
    if (!q.trim()) return;
    setBusy(true);
    try {
      const r = await api<{ results: QueryHit[] }>('POST', '/v1/query', {
        userId,
        query: q,
        k: 10,
        explain: true,
        reinforce: false,
      });
      setHits(r.results);
      setError(null);
    } catch (err) {
      setError(err as Error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section>
      <h2>Search</h2>
      <form onSubmit={(e) => void run(e)} class="row">
        <input
          type="search"
          placeholder="what the agent would ask…"
          value={q}
          onInput={(e) => setQ(e.currentTarget.value)}
          data-testid="search-input"
        />
        <button type="submit" disabled={busy}>
          Search
        </button>
        <span class="muted">explain: true · reinforce: false (no MemoryAccessed is recorded)</span>
      </form>
      {error && <ErrorBox error={error} />}
      {hits && hits.length === 0 && <p class="muted">no hits</p>}
      {hits && hits.length > 0 && (
        <div class="scroll">
          <table data-testid="search-results">
            <thead>
              <tr>
                <th>#</th>
                <th>hit</th>
                <th>score</th>
                <th>keyword (BM25)</th>
                <th>window</th>
                <th>vector</th>
                <th>fusion</th>
                <th>rerank</th>
                <th>forgetting</th>
                <th>intent</th>
                <th>currency</th>
                <th>diversity</th>
              </tr>
            </thead>
            <tbody>
              {hits.map((h, i) => {
                const x = h.explain;
                return (
                  <tr key={h.id} data-testid="search-hit">
                    <td>{i + 1}</td>
                    <td class="content">
                      <span class={`tag ${h.kind}`}>{h.kind}</span> <span class="tag">{h.tier}</span>{' '}
                      {h.kind === 'memory' ? <a href={href.memory(userId, h.id)}>{h.content}</a> : h.content}
                    </td>
                    <td data-testid="hit-score">{num(h.score, 4)}</td>
                    {x ? (
                      <>
                        <td data-testid="hit-keyword">
                          {place(x.keyword)}
                          {x.gate.active && <div class="muted">gate: {x.gate.terms.join(', ')}</div>}
                        </td>
                        <td>{place(x.window)}</td>
                        <td data-testid="hit-vector">{place(x.vector)}</td>
                        <td data-testid="hit-fusion">
                          {x.fusion.method} {num(x.fusion.score, 4)} (#{x.fusion.rank})
                        </td>
                        <td>{x.rerank ? `${num(x.rerank.score)} (#${x.rerank.rank})` : '—'}</td>
                        <td data-testid="hit-forgetting">
                          ×{num(x.forgetting.weight)}
                          <div class="muted">
                            {num(x.forgetting.importance)} → {num(x.forgetting.effectiveImportance)}
                          </div>
                        </td>
                        <td>
                          ×{num(x.intent.weight)}
                          <div class="muted">
                            {(['freshness', 'temporal', 'preference', 'identity', 'past'] as const)
                              .filter((k) => x.intent[k])
                              .join(', ') || 'none'}
                          </div>
                        </td>
                        <td>×{num(x.currency)}</td>
                        <td>×{num(x.sessionDiversity)}</td>
                      </>
                    ) : (
                      <td colSpan={9}>no breakdown returned</td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
          <p class="muted">
            score = (rerank slot score if reranked, else fusion score) × forgetting × intent × currency × diversity
          </p>
        </div>
      )}
    </section>
  );
}
