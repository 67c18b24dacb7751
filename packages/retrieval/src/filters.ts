import { agentVisible, concernsAnyEntity, entityTerms } from '@engram/core';
import type { DocKind, IndexFilter, QueryRequest, Tier } from '@engram/core';
import type { Candidate } from './candidates';

/** One request's entity terms, computed once for all of its candidates. */
const entityTermsOf = new WeakMap<readonly string[], string[][]>();

function requestedEntities(entities: readonly string[]): string[][] {
  let terms = entityTermsOf.get(entities);
  if (!terms) {
    terms = entities.map(entityTerms);
    entityTermsOf.set(entities, terms);
  }
  return terms;
}

/** R9 on the current (SQL) state of a hydrated document. */
export function passesFilters(c: Candidate, req: QueryRequest): boolean {
  if (!agentVisible(req.scope.agentId, c.agentId)) return false;
  if (req.tiers && req.tiers.length > 0 ? !req.tiers.includes(c.tier) : c.tier === 'WORKING') return false;
  if (req.types && req.types.length > 0 && (c.type === null || !req.types.includes(c.type))) return false;
  if (req.tags && req.tags.length > 0 && !req.tags.some((t) => c.tags.includes(t))) return false;
  if (req.from && c.at < new Date(req.from).toISOString()) return false;
  if (req.to && c.at > new Date(req.to).toISOString()) return false;
  if (req.scopeTag !== undefined && c.scopeTag !== req.scopeTag) return false;
  if (req.sessionId !== undefined && c.sessionId !== req.sessionId) return false;
  if (req.entities && req.entities.length > 0 && !concernsAnyEntity(c, requestedEntities(req.entities))) return false;
  if (req.asOf !== undefined && !knownAsOf(c, new Date(req.asOf).toISOString())) return false;
  return true;
}

/**
 * B3 as-of: a memory counts when its valid time covers the instant (a superseded value included),
 * a message or an episode when it had been said by then.
 */
export function knownAsOf(c: Pick<Candidate, 'kind' | 'at' | 'validFrom' | 'validTo'>, asOf: string): boolean {
  if (c.kind !== 'memory') return c.at <= asOf;
  const from = c.validFrom ?? c.at;
  return from <= asOf && (c.validTo === null || c.validTo > asOf);
}

const KINDS_OF_TIER: Record<Tier, DocKind[]> = {
  WORKING: ['memory'],
  SEMANTIC: ['memory'],
  ARCHIVAL: ['memory'],
  EPISODIC: ['message', 'episode'],
};

/**
 * What the indexes can pre-filter safely. Tiers are not passed down: a memory's tier changes after
 * indexing (archive, restore), so the index narrows by document kind and the tier is checked on SQL.
 */
export function indexFilterFor(req: QueryRequest): IndexFilter {
  const f: IndexFilter = { scope: req.scope };
  if (req.tiers && req.tiers.length > 0) f.kinds = [...new Set(req.tiers.flatMap((t) => KINDS_OF_TIER[t]))];
  if (req.types && req.types.length > 0) f.types = [...req.types];
  return f;
}
