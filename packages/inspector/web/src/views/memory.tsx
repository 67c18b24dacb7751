import { api, enc, qs, type DecayCurve, type HistoryItem, type Memory } from '../api';
import { Show, num, short, useLoad, when } from '../load';
import { href } from '../router';
import { DecayChart } from './decay-chart';

const RELATION: Record<string, string> = {
  superseded: 'superseded by',
  created: 'supersedes',
  deduplicated: 'deduplicated into',
  archived: 'archived (superseded by)',
};

function Lattice({ userId, memoryId, items }: { userId: string; memoryId: string; items: HistoryItem[] }) {
  // One column per entry that held the key (or just this entry), its changes in order.
  const byEntry = new Map<string, HistoryItem[]>();
  for (const h of items) byEntry.set(h.memoryId, [...(byEntry.get(h.memoryId) ?? []), h]);
  const version = (id: string) => byEntry.get(id)?.find((h) => h.version !== null)?.version ?? null;
  return (
    <div class="lattice" data-testid="history-lattice">
      {[...byEntry.entries()].map(([id, changes]) => (
        <div key={id} class={`version ${id === memoryId ? 'current' : ''}`} data-testid="lattice-entry">
          <div class="head">
            <a href={href.memory(userId, id)}>
              v{version(id) ?? '?'} · {short(id)}
            </a>
            {id === memoryId && <span class="tag">this entry</span>}
          </div>
          <ol>
            {changes.map((h) => (
              <li key={`${h.eventId}-${h.action}`} data-testid="history-item">
                <b>{h.action}</b> <span class="muted">{when(h.at)}</span>
                {h.content !== null && <div class="content">“{h.content}”</div>}
                {h.relatedId && (
                  <div>
                    {RELATION[h.action] ?? 'related to'}{' '}
                    <a href={href.memory(userId, h.relatedId)}>
                      v{version(h.relatedId) ?? '?'} · {short(h.relatedId)}
                    </a>
                  </div>
                )}
                {h.reason && <div>why: {h.reason}</div>}
                <div class="muted">
                  event {short(h.eventId)}
                  {h.source ? ` · ${h.source}` : ''}
                  {h.recordedAt ? ` · recorded ${when(h.recordedAt)}` : ''}
                  {h.validFrom ? ` · valid ${when(h.validFrom)} → ${h.validTo ? when(h.validTo) : 'now'}` : ''}
                </div>
              </li>
            ))}
          </ol>
        </div>
      ))}
    </div>
  );
}

function History({ userId, m }: { userId: string; m: Memory }) {
  const l = useLoad(async () => {
    const own = await api<{ history: HistoryItem[] }>('GET', `/v1/memories/${enc(m.id)}/history${qs({ userId })}`);
    if (!m.key) return own.history;
    const key = await api<{ history: HistoryItem[] }>('GET', `/v1/keys/${enc(m.key)}/history${qs({ userId })}`);
    const seen = new Set(key.history.map((h) => `${h.eventId}/${h.memoryId}/${h.action}`));
    return [...key.history, ...own.history.filter((h) => !seen.has(`${h.eventId}/${h.memoryId}/${h.action}`))];
  }, [userId, m.id, m.key]);
  return (
    <section>
      <h2>History {m.key ? <span class="muted">of the key “{m.key}”</span> : null}</h2>
      <Show l={l}>{(items) => <Lattice userId={userId} memoryId={m.id} items={items} />}</Show>
    </section>
  );
}

function Decay({ userId, id }: { userId: string; id: string }) {
  const l = useLoad(() => api<DecayCurve>('GET', `/v1/memories/${enc(id)}/decay${qs({ userId })}`), [userId, id]);
  return (
    <section>
      <h2>Forgetting curve</h2>
      <Show l={l}>
        {(c) => (
          <>
            <p class="row" data-testid="decay-facts">
              <span class="stat">
                now <b>{num(c.effectiveImportanceNow)}</b>
              </span>
              <span class="stat">
                half-life <b>{c.halfLifeDays.toFixed(1)} d</b>
              </span>
              <span class="stat">
                accesses <b>{c.accessCount}</b>
              </span>
              <span class="stat">
                archive below <b>{c.archiveThreshold}</b>
              </span>
              <span class="stat">
                {c.exempt ? 'does not decay (USER or pinned)' : `crosses the threshold ${when(c.crossesThresholdAt)}`}
              </span>
            </p>
            <DecayChart curve={c} />
            <p class="muted">
              From the last touch ({when(c.lastTouched)}), as the service computes it, assuming no further access.
            </p>
          </>
        )}
      </Show>
    </section>
  );
}

export function MemoryView({ userId, memoryId }: { userId: string; memoryId: string }) {
  const l = useLoad(() => api<Memory>('GET', `/v1/memories/${enc(memoryId)}${qs({ userId })}`), [userId, memoryId]);
  return (
    <main>
      <p>
        <a href={href.user(userId)}>← {userId}</a>
      </p>
      <Show l={l}>
        {(m) => (
          <>
            <h1 data-testid="memory-content">{m.content}</h1>
            <table class="facts">
              <tbody>
                <tr>
                  <th>id</th>
                  <td>
                    <code>{m.id}</code> v{m.version}
                  </td>
                  <th>tier / type / kind</th>
                  <td>
                    {m.tier} / {m.type} / {m.kind}
                  </td>
                </tr>
                <tr>
                  <th>provenance</th>
                  <td data-testid="memory-source">
                    {m.source} (confidence {num(m.confidence, 2)})
                  </td>
                  <th>key</th>
                  <td>{m.key ?? '—'}</td>
                </tr>
                <tr>
                  <th>session</th>
                  <td>{m.sessionId ? <a href={href.session(userId, m.sessionId)}>{m.sessionId}</a> : '—'}</td>
                  <th>episode</th>
                  <td>{m.episodeId ? <code>{short(m.episodeId)}</code> : '—'}</td>
                </tr>
                <tr>
                  <th>from messages</th>
                  <td>{m.sourceMessageIds.length ? m.sourceMessageIds.join(', ') : '—'}</td>
                  <th>superseded by</th>
                  <td>
                    {m.supersededBy ? <a href={href.memory(userId, m.supersededBy)}>{short(m.supersededBy)}</a> : '—'}
                  </td>
                </tr>
                <tr>
                  <th>created / updated</th>
                  <td>
                    {when(m.createdAt)} / {when(m.updatedAt)}
                  </td>
                  <th>valid</th>
                  <td>
                    {when(m.validFrom)} → {m.validTo ? when(m.validTo) : 'now'} (recorded {when(m.recordedAt)})
                  </td>
                </tr>
                <tr>
                  <th>importance</th>
                  <td>
                    {num(m.importance, 2)} → effective {num(m.effectiveImportance)}
                  </td>
                  <th>tags</th>
                  <td>{m.tags.join(', ') || '—'}</td>
                </tr>
              </tbody>
            </table>
            <History userId={userId} m={m} />
            <Decay userId={userId} id={m.id} />
          </>
        )}
      </Show>
    </main>
  );
}
