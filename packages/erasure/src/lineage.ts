import type { EngramEvent } from '@engram/core';

/** What was derived, in the log, from the erased memories (ids only, read from clear fields). */
export interface Lineage {
  /** Memories (facts) every source of which is erased: they go with them. */
  memoryIds: string[];
  /** Episodes an erased memory was consolidated with: their summary may state it, so they are dropped. */
  episodeIds: string[];
  /** Skills learned only from erased memories. */
  skillIds: string[];
  /** Contradictions that quote an erased or derived memory. */
  contradictionIds: string[];
}

interface Sourced {
  sources: string[];
  episodeId: string | null;
}

/**
 * P4 item 3: follows lineage from the erased memories through the subject's events. A memory is
 * derived only from erased data when it names sources and all of them are erased (a fact distilled
 * from a memory names that memory; a fact extracted from messages names the messages, which a
 * memory erasure does not touch). Followed to a fixpoint, so facts derived from derived facts go too.
 */
export function followLineage(events: Iterable<EngramEvent>, erased: ReadonlySet<string>): Lineage {
  const memories = new Map<string, Sourced>();
  const episodes = new Set<string>();
  const skills: Array<{ id: string; sources: string[] }> = [];
  const contradictions: Array<{ id: string; a: string; b: string }> = [];
  for (const e of events) {
    switch (e.type) {
      case 'MemoryWritten':
      case 'FactExtracted': {
        const p = e.payload;
        const prev = memories.get(p.memoryId);
        memories.set(p.memoryId, {
          sources: [...new Set([...(prev?.sources ?? []), ...p.sourceMessageIds])],
          episodeId: p.episodeId ?? prev?.episodeId ?? null,
        });
        break;
      }
      case 'EpisodeCreated':
        episodes.add(e.payload.episodeId);
        break;
      case 'SkillRecorded':
        skills.push({ id: e.payload.skillId, sources: e.payload.sourceMessageIds });
        break;
      case 'ContradictionDetected':
        contradictions.push({ id: e.payload.contradictionId, a: e.payload.entryAId, b: e.payload.entryBId });
        break;
      default:
        break;
    }
  }
  const gone = new Set(erased);
  const derived: string[] = [];
  for (let changed = true; changed;) {
    changed = false;
    for (const [id, m] of memories) {
      if (gone.has(id) || m.sources.length === 0 || !m.sources.every((s) => gone.has(s))) continue;
      gone.add(id);
      derived.push(id);
      changed = true;
    }
  }
  const episodeIds = new Set<string>();
  for (const id of gone) {
    const ep = memories.get(id)?.episodeId;
    if (ep && episodes.has(ep)) episodeIds.add(ep);
  }
  return {
    memoryIds: derived,
    episodeIds: [...episodeIds],
    skillIds: skills.filter((s) => s.sources.length > 0 && s.sources.every((x) => gone.has(x))).map((s) => s.id),
    contradictionIds: contradictions.filter((c) => gone.has(c.a) || gone.has(c.b)).map((c) => c.id),
  };
}
