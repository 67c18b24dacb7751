/** One part of a service as /readyz sees it. */
export interface ComponentHealth {
  ok: boolean;
  /** Why not, when not ok. */
  reason?: string;
  [detail: string]: unknown;
}

/**
 * /readyz: ready only when the log takes appends, the read store answers, no projection has been
 * stuck beyond the threshold and the read side is not rebuilding. Dead letters are counted, they do
 * not make a service unready (their projection went on).
 */
export interface ReadinessReport {
  ready: boolean;
  components: Record<string, ComponentHealth>;
  /** Dead letters per projection. */
  deadLetters: Record<string, number>;
  /** "component: reason" for every component that is not ok. */
  reasons: string[];
}

export type ReadinessCheck = () => Promise<ReadinessReport>;
