import { useState } from 'preact/hooks';
import { api, enc, qs, type Contradiction, type Memory, type Resolved } from '../api';
import { ErrorBox, Show, num, useLoad, when } from '../load';
import { href } from '../router';

function Entry({ userId, id, candidate }: { userId: string; id: string; candidate: Record<string, unknown> | null }) {
  const m = useLoad(async () => {
    try {
      return await api<Memory>('GET', `/v1/memories/${enc(id)}${qs({ userId })}`);
    } catch {
      return null; // B may be a candidate the consolidator did not store
    }
  }, [userId, id]);
  if (m.loading) return <span class="muted">loading…</span>;
  if (m.data) return <a href={href.memory(userId, id)}>{m.data.content}</a>;
  const c = candidate?.content;
  return <span>{typeof c === 'string' ? `${c} (candidate, not stored)` : `${id} (not readable)`}</span>;
}

/** Pending contradictions of a user, each with the two entries and a button per winner. */
export function Contradictions({ userId }: { userId: string }) {
  const [minPosition, setMinPosition] = useState<string | undefined>(undefined);
  const [error, setError] = useState<Error | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const l = useLoad(
    () =>
      api<{ contradictions: Contradiction[] }>(
        'GET',
        `/v1/contradictions${qs({ userId, status: 'open', minPosition })}`,
      ),
    [userId, minPosition],
  );
  const resolve = async (c: Contradiction, winner: 'a' | 'b') => {
    try {
      const r = await api<Resolved>('POST', `/v1/contradictions/${enc(c.id)}/resolve`, { userId, winner });
      setDone(`${c.id.slice(0, 8)} resolved: ${r.resolution} (event ${r.eventId.slice(0, 8)})`);
      setError(null);
      setMinPosition(r.position);
    } catch (err) {
      setError(err as Error);
    }
  };
  return (
    <section>
      <h2>Pending contradictions</h2>
      {error && <ErrorBox error={error} />}
      {done && (
        <p class="ok" data-testid="resolved">
          {done}
        </p>
      )}
      <Show l={l}>
        {(d) =>
          d.contradictions.length === 0 ? (
            <p class="muted" data-testid="no-contradictions">
              none pending
            </p>
          ) : (
            <ul class="cards">
              {d.contradictions.map((c) => (
                <li key={c.id} class="card" data-testid="contradiction">
                  <div>
                    <b>{c.description}</b>{' '}
                    <span class="muted">
                      confidence {num(c.confidence, 2)} · detected {when(c.detectedAt)}
                    </span>
                  </div>
                  <div class="pair">
                    <div>
                      A: <Entry userId={userId} id={c.entryAId} candidate={null} />
                      <button onClick={() => void resolve(c, 'a')} data-testid="resolve-a">
                        A wins
                      </button>
                    </div>
                    <div>
                      B: <Entry userId={userId} id={c.entryBId} candidate={c.candidate} />
                      <button onClick={() => void resolve(c, 'b')} data-testid="resolve-b">
                        B wins
                      </button>
                    </div>
                  </div>
                </li>
              ))}
            </ul>
          )
        }
      </Show>
    </section>
  );
}
