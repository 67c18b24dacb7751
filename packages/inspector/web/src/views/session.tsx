import { useState } from 'preact/hooks';
import { api, enc, qs, type Timeline } from '../api';
import { Show, num, short, useLoad, when } from '../load';
import { href } from '../router';

/** One session: its ledger, the episode consolidated from it and the entries extracted, linked by lineage. */
export function SessionView({ userId, sessionId }: { userId: string; sessionId: string }) {
  const l = useLoad(
    () => api<Timeline>('GET', `/v1/sessions/${enc(sessionId)}/timeline${qs({ userId })}`),
    [userId, sessionId],
  );
  // Hovering a fact or an episode highlights the messages it came from.
  const [lit, setLit] = useState<ReadonlySet<string>>(new Set());
  return (
    <main>
      <p>
        <a href={href.user(userId)}>← {userId}</a>
      </p>
      <h1>
        Session <code>{sessionId}</code>
      </h1>
      <Show l={l}>
        {(t) => {
          const cites = (m: { messageId: string; eventId: string }, ids: readonly string[]) =>
            ids.includes(m.messageId) || ids.includes(m.eventId);
          return (
            <>
              <p class="row">
                <span class="stat">started {when(t.session.startedAt)}</span>
                <span class="stat">
                  {t.session.endedAt ? `ended ${when(t.session.endedAt)} (${t.session.endReason ?? '?'})` : 'open'}
                </span>
                <span class="stat">{t.session.messageCount} messages</span>
              </p>
              <div class="timeline">
                <section>
                  <h2>Messages</h2>
                  <ol class="messages" data-testid="timeline-messages">
                    {t.messages.map((m) => (
                      <li key={m.eventId} class={lit.has(m.messageId) || lit.has(m.eventId) ? 'lit' : ''}>
                        <span class={`tag ${m.role}`}>{m.role}</span> {m.content}
                        <div class="muted">
                          {when(m.at)} · {m.messageId} · offset {m.seq}
                          {t.memories.some((f) => cites(m, f.sourceMessageIds)) && ' · extracted'}
                        </div>
                      </li>
                    ))}
                  </ol>
                </section>
                <section>
                  <h2>Episode</h2>
                  {t.episodes.length === 0 && <p class="muted">not consolidated (yet)</p>}
                  {t.episodes.map((e) => (
                    <div
                      key={e.id}
                      class="card"
                      data-testid="timeline-episode"
                      onMouseEnter={() => setLit(new Set(e.sourceMessageIds))}
                      onMouseLeave={() => setLit(new Set())}
                    >
                      <div>{e.summary}</div>
                      <div class="muted">
                        {short(e.id)} · importance {num(e.importance, 2)} · from {e.sourceMessageIds.length} messages ·{' '}
                        {when(e.createdAt)}
                        {e.entityIds.length > 0 && ` · entities ${e.entityIds.join(', ')}`}
                      </div>
                    </div>
                  ))}
                  <h2>Extracted and written entries</h2>
                  {t.memories.length === 0 && <p class="muted">none</p>}
                  <ul class="cards" data-testid="timeline-memories">
                    {t.memories.map((f) => (
                      <li
                        key={f.id}
                        class="card"
                        onMouseEnter={() => setLit(new Set(f.sourceMessageIds))}
                        onMouseLeave={() => setLit(new Set())}
                      >
                        <a href={href.memory(userId, f.id)}>{f.content}</a>
                        <div class="muted">
                          {f.kind} · {f.source} · {f.tier}
                          {f.episodeId ? ` · episode ${short(f.episodeId)}` : ''} · from{' '}
                          {f.sourceMessageIds.length
                            ? t.messages
                                .filter((m) => cites(m, f.sourceMessageIds))
                                .map((m) => m.messageId)
                                .join(', ') || f.sourceMessageIds.join(', ')
                            : 'a direct write'}
                        </div>
                      </li>
                    ))}
                  </ul>
                </section>
              </div>
            </>
          );
        }}
      </Show>
    </main>
  );
}
