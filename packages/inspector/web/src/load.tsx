import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useState } from 'preact/hooks';
import { ApiError } from './api';

export interface Loaded<T> {
  data: T | null;
  error: Error | null;
  loading: boolean;
  reload(): void;
}

/** Runs `fn` when `deps` change (and on reload); the newest call wins. */
export function useLoad<T>(fn: () => Promise<T>, deps: readonly unknown[]): Loaded<T> {
  const [state, setState] = useState<{ data: T | null; error: Error | null; loading: boolean }>({
    data: null,
    error: null,
    loading: true,
  });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    fn().then(
      (data) => live && setState({ data, error: null, loading: false }),
      (error: unknown) =>
        live &&
        setState({ data: null, error: error instanceof Error ? error : new Error(String(error)), loading: false }),
    );
    return () => {
      live = false;
    };
  }, [...deps, tick]); // callers pass what fn reads
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { ...state, reload };
}

export function ErrorBox({ error }: { error: Error }) {
  const scope =
    error instanceof ApiError && error.status === 403
      ? ' (this key lacks the scope this view needs)'
      : error instanceof ApiError && error.status === 401
        ? ' (set an API key above)'
        : '';
  return (
    <p class="error" role="alert" data-testid="error">
      {error instanceof ApiError ? `${error.code}: ` : ''}
      {error.message}
      {scope}
    </p>
  );
}

/** Shows the loaded value, or that it is loading, or why it failed. */
export function Show<T>({ l, children }: { l: Loaded<T>; children: (data: T) => ComponentChildren }) {
  if (l.error) return <ErrorBox error={l.error} />;
  if (l.data === null) return <p class="muted">loading…</p>;
  return <>{children(l.data)}</>;
}

export const when = (iso: string | null | undefined): string =>
  iso
    ? new Date(iso)
        .toISOString()
        .replace('T', ' ')
        .replace(/\.\d+Z$/, 'Z')
    : '—';

export const num = (n: number | null | undefined, digits = 3): string =>
  n === null || n === undefined ? '—' : Number.isInteger(n) ? String(n) : n.toFixed(digits);

export const short = (id: string): string => id.slice(0, 8);
