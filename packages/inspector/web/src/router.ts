import { useEffect, useState } from 'preact/hooks';

/** Hash routes: the page is one document at /ui/, so a reload or a shared link keeps the view. */
export type Route =
  | { view: 'home' }
  | { view: 'ops' }
  | { view: 'user'; userId: string }
  | { view: 'memory'; userId: string; memoryId: string }
  | { view: 'session'; userId: string; sessionId: string };

export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  const [a, u, b, id] = parts;
  if (a === 'ops') return { view: 'ops' };
  if (a === 'users' && u) {
    if (b === 'memories' && id) return { view: 'memory', userId: u, memoryId: id };
    if (b === 'sessions' && id) return { view: 'session', userId: u, sessionId: id };
    return { view: 'user', userId: u };
  }
  return { view: 'home' };
}

export const href = {
  home: () => '#/',
  ops: () => '#/ops',
  user: (u: string) => `#/users/${encodeURIComponent(u)}`,
  memory: (u: string, id: string) => `#/users/${encodeURIComponent(u)}/memories/${encodeURIComponent(id)}`,
  session: (u: string, s: string) => `#/users/${encodeURIComponent(u)}/sessions/${encodeURIComponent(s)}`,
};

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    const on = () => setRoute(parseRoute(location.hash));
    addEventListener('hashchange', on);
    return () => removeEventListener('hashchange', on);
  }, []);
  return route;
}
