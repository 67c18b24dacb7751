/**
 * P3's agent boundary, the same on every read path (SQL read models, indexes, Qdrant, context): a
 * scope that names an agent sees only that agent's documents (so an agent-bound key sees only its
 * agent's memories); a scope naming none sees every agent of the user.
 */
export function agentVisible(scopeAgentId: string | null, docAgentId: string | null): boolean {
  return scopeAgentId === null || docAgentId === scopeAgentId;
}
