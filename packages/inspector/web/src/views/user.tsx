import { useState } from 'preact/hooks';
import { api, enc, qs, type MemoryPage, type SessionPage, type Stats } from '../api';
import { Show, num, useLoad, when } from '../load';
import { href } from '../router';
import { Contradictions } from './contradictions';
import { Search } from './search';

const TIERS = ['', 'SEMANTIC', 'ARCHIVAL', 'WORKING'] as const;
const TYPES = ['', 'USER', 'ENVIRONMENT'] as const;

function TierCounts({ userId }: { userId: string }) {
  const l = useLoad(() => api<Stats>('GET', `/v1/admin/stats${qs({ userId })}`), [userId]);
  return (
    <Show l={l}>
      {(s) => (
        <p class="row" data-testid="tier-counts">
          {Object.entries(s.tiers).map(([tier, n]) => (
            <span key={tier} class="stat">
              {tier} <b>{n}</b>
            </span>
          ))}
          <span class="stat">
            messages <b>{s.tables.messages ?? 0}</b>
          </span>
          <span class="stat">
            episodes <b>{s.tables.episodes ?? 0}</b>
          </span>
        </p>
      )}
    </Show>
  );
}

interface Filters {
  tier: string;
  type: string;
  tag: string;
  keyPrefix: string;
  order: 'desc' | 'asc';
}

function MemoryList({ userId }: { userId: string }) {
  const [filters, setFilters] = useState<Filters>({ tier: '', type: '', tag: '', keyPrefix: '', order: 'desc' });
  // Cursors of the pages seen so far: the last one is the current page's (undefined = first page).
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  const cursor = cursors[cursors.length - 1];
  const l = useLoad(
    () =>
      api<MemoryPage>(
        'GET',
        `/v1/users/${enc(userId)}/memories${qs({
          tier: filters.tier,
          type: filters.type,
          tag: filters.tag.trim(),
          keyPrefix: filters.keyPrefix.trim(),
          order: filters.order,
          limit: 20,
          cursor,
        })}`,
      ),
    [userId, filters, cursor],
  );
  const set = (patch: Partial<Filters>) => {
    setFilters({ ...filters, ...patch });
    setCursors([undefined]);
  };
  return (
    <section>
      <h2>Memories</h2>
      <form class="row" onSubmit={(e) => e.preventDefault()}>
        <label>
          tier
          <select value={filters.tier} onChange={(e) => set({ tier: e.currentTarget.value })} data-testid="filter-tier">
            {TIERS.map((t) => (
              <option key={t} value={t}>
                {t || 'any'}
              </option>
            ))}
          </select>
        </label>
        <label>
          type
          <select value={filters.type} onChange={(e) => set({ type: e.currentTarget.value })}>
            {TYPES.map((t) => (
              <option key={t} value={t}>
                {t || 'any'}
              </option>
            ))}
          </select>
        </label>
        <label>
          tag <input value={filters.tag} onChange={(e) => set({ tag: e.currentTarget.value })} size={10} />
        </label>
        <label>
          key prefix{' '}
          <input value={filters.keyPrefix} onChange={(e) => set({ keyPrefix: e.currentTarget.value })} size={12} />
        </label>
        <label>
          order
          <select value={filters.order} onChange={(e) => set({ order: e.currentTarget.value as 'desc' | 'asc' })}>
            <option value="desc">newest first</option>
            <option value="asc">oldest first</option>
          </select>
        </label>
      </form>
      <Show l={l}>
        {(page) => (
          <>
            <table data-testid="memory-list">
              <thead>
                <tr>
                  <th>content</th>
                  <th>tier</th>
                  <th>type</th>
                  <th>key</th>
                  <th>source</th>
                  <th>importance</th>
                  <th>effective</th>
                  <th>v</th>
                  <th>created</th>
                </tr>
              </thead>
              <tbody>
                {page.memories.map((m) => (
                  <tr key={m.id} data-testid="memory-row">
                    <td class="content">
                      <a href={href.memory(userId, m.id)}>{m.content}</a>
                      {m.pinned && <span class="tag">pinned</span>}
                      {m.tags.map((t) => (
                        <span key={t} class="tag">
                          {t}
                        </span>
                      ))}
                    </td>
                    <td>{m.tier}</td>
                    <td>{m.type}</td>
                    <td>{m.key ?? '—'}</td>
                    <td>{m.source}</td>
                    <td>{num(m.importance, 2)}</td>
                    <td>{num(m.effectiveImportance, 3)}</td>
                    <td>{m.version}</td>
                    <td>{when(m.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {page.memories.length === 0 && <p class="muted">no memories match</p>}
            <p class="row">
              <button disabled={cursors.length < 2} onClick={() => setCursors(cursors.slice(0, -1))}>
                ← previous
              </button>
              <span class="muted">page {cursors.length}</span>
              <button
                disabled={!page.nextCursor}
                onClick={() => page.nextCursor && setCursors([...cursors, page.nextCursor])}
                data-testid="next-page"
              >
                next →
              </button>
            </p>
          </>
        )}
      </Show>
    </section>
  );
}

function Sessions({ userId }: { userId: string }) {
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const l = useLoad(
    () => api<SessionPage>('GET', `/v1/users/${enc(userId)}/sessions${qs({ limit: 20, cursor })}`),
    [userId, cursor],
  );
  return (
    <section>
      <h2>Sessions</h2>
      <Show l={l}>
        {(p) => (
          <>
            <table data-testid="session-list">
              <thead>
                <tr>
                  <th>session</th>
                  <th>agent</th>
                  <th>started</th>
                  <th>last activity</th>
                  <th>ended</th>
                  <th>messages</th>
                </tr>
              </thead>
              <tbody>
                {p.sessions.map((s) => (
                  <tr key={s.sessionId}>
                    <td>
                      <a href={href.session(userId, s.sessionId)}>{s.sessionId}</a>
                    </td>
                    <td>{s.agentId ?? '—'}</td>
                    <td>{when(s.startedAt)}</td>
                    <td>{when(s.lastActivityAt)}</td>
                    <td>{s.endedAt ? `${when(s.endedAt)} (${s.endReason ?? '?'})` : 'open'}</td>
                    <td>{s.messageCount}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {p.sessions.length === 0 && <p class="muted">no sessions</p>}
            <p class="row">
              {cursor && <button onClick={() => setCursor(undefined)}>first page</button>}
              {p.nextCursor && <button onClick={() => setCursor(p.nextCursor ?? undefined)}>more →</button>}
            </p>
          </>
        )}
      </Show>
    </section>
  );
}

export function UserView({ userId }: { userId: string }) {
  return (
    <main>
      <h1>
        User <code data-testid="user-id">{userId}</code>
      </h1>
      <TierCounts userId={userId} />
      <Search userId={userId} />
      <Contradictions userId={userId} />
      <MemoryList userId={userId} />
      <Sessions userId={userId} />
    </main>
  );
}
