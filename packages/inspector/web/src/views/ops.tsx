import { api, qs, type DeadLetters, type ErasurePage, type Readiness, type Stats } from '../api';
import { Show, short, useLoad, when } from '../load';

function Lag() {
  const stats = useLoad(() => api<Stats>('GET', '/v1/admin/stats'), []);
  const ready = useLoad(() => api<Readiness>('GET', '/readyz'), []);
  return (
    <section>
      <h2>Projections</h2>
      <Show l={ready}>
        {(r) => (
          <p class="row" data-testid="readiness">
            <span class={`stat ${r.status === 'ready' ? 'ok' : 'error'}`}>{r.status}</span>
            {Object.entries(r.components).map(([name, c]) => (
              <span key={name} class={`stat ${c.ok ? '' : 'error'}`} title={c.reason ?? ''}>
                {name} {c.ok ? '✓' : `✗ ${c.reason ?? ''}`}
              </span>
            ))}
          </p>
        )}
      </Show>
      <Show l={stats}>
        {(s) => (
          <table data-testid="projection-lag">
            <thead>
              <tr>
                <th>projection</th>
                <th>lag (events)</th>
                <th>checkpoint (partition: next offset)</th>
              </tr>
            </thead>
            <tbody>
              {s.projections.map((p) => (
                <tr key={p.projection}>
                  <td>{p.projection}</td>
                  <td>{p.lag}</td>
                  <td>
                    {Object.entries(p.checkpoint)
                      .map(([part, off]) => `${part}: ${off}`)
                      .join(', ') || '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Show>
      <p class="muted">
        <button onClick={() => (stats.reload(), ready.reload())}>refresh</button>
      </p>
    </section>
  );
}

function DeadLetterList() {
  const l = useLoad(() => api<DeadLetters>('GET', `/v1/admin/dead-letters${qs({ limit: 100 })}`), []);
  return (
    <section>
      <h2>Dead letters</h2>
      <Show l={l}>
        {(d) =>
          d.deadLetters.length === 0 ? (
            <p class="muted" data-testid="dead-letters-empty">
              none
            </p>
          ) : (
            <table data-testid="dead-letters">
              <thead>
                <tr>
                  <th>projection</th>
                  <th>event</th>
                  <th>user</th>
                  <th>code</th>
                  <th>error</th>
                  <th>attempts</th>
                  <th>status</th>
                  <th>last failed</th>
                </tr>
              </thead>
              <tbody>
                {d.deadLetters.map((x) => (
                  <tr key={x.id}>
                    <td>{x.projection}</td>
                    <td>
                      {x.eventType ?? '?'} {x.eventId ? short(x.eventId) : ''} @{x.position.partition}:
                      {x.position.offset}
                    </td>
                    <td>{x.userId ?? '—'}</td>
                    <td>{x.code}</td>
                    <td class="content">{x.error}</td>
                    <td>{x.attempts}</td>
                    <td>{x.status}</td>
                    <td>{when(x.lastFailedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </Show>
    </section>
  );
}

function Erasures() {
  const l = useLoad(() => api<ErasurePage>('GET', `/v1/erasures${qs({ limit: 100 })}`), []);
  return (
    <section>
      <h2>Erasure reports</h2>
      <Show l={l}>
        {(p) =>
          p.erasures.length === 0 ? (
            <p class="muted">none</p>
          ) : (
            <table data-testid="erasures">
              <thead>
                <tr>
                  <th>erasure</th>
                  <th>user</th>
                  <th>target</th>
                  <th>status</th>
                  <th>requested</th>
                  <th>completed</th>
                  <th>removed</th>
                </tr>
              </thead>
              <tbody>
                {p.erasures.map((e) => (
                  <tr key={e.erasureId}>
                    <td>
                      <code>{short(e.erasureId)}</code>
                    </td>
                    <td>{e.subject.userId}</td>
                    <td>
                      {e.subject.target}
                      {e.subject.memoryId ? ` ${short(e.subject.memoryId)}` : ''}
                    </td>
                    <td class={e.status === 'failed' ? 'error' : ''}>
                      {e.status}
                      {e.error ? ` (${e.error})` : ''}
                    </td>
                    <td>
                      {when(e.requestedAt)} by {e.requestedBy}
                    </td>
                    <td>{when(e.completedAt)}</td>
                    <td class="content">
                      {Object.entries(e.removed)
                        .filter(([, n]) => n > 0)
                        .map(([k, n]) => `${k} ${n}`)
                        .join(', ') || '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </Show>
    </section>
  );
}

export function OpsView() {
  return (
    <main>
      <h1>Operations</h1>
      <Lag />
      <DeadLetterList />
      <Erasures />
    </main>
  );
}
