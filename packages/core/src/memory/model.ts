/** M1–M3: the shape of a memory entry and the words used for tiers, types and provenance. */
export const TIERS = ['WORKING', 'EPISODIC', 'SEMANTIC', 'ARCHIVAL'] as const;
export type Tier = (typeof TIERS)[number];

export const MEMORY_TYPES = ['USER', 'ENVIRONMENT'] as const;
export type MemoryType = (typeof MEMORY_TYPES)[number];

export const PROVENANCE_SOURCES = ['user_stated', 'consolidated', 'model_inferred', 'legacy'] as const;
export type ProvenanceSource = (typeof PROVENANCE_SOURCES)[number];

export const ROLES = ['user', 'assistant', 'system', 'tool'] as const;
export type Role = (typeof ROLES)[number];

/** Hard isolation boundary (P3): every read and write carries one. */
export interface Scope {
  tenantId: string;
  userId: string;
  /** null means "any agent of this user" on reads, "no agent" on writes. */
  agentId: string | null;
}

export interface MemoryEntry {
  id: string;
  tenantId: string;
  userId: string;
  agentId: string | null;
  type: MemoryType;
  tier: Tier;
  key: string | null;
  content: string;
  tags: string[];
  sourceSession: string | null;
  createdAt: string;
  updatedAt: string;
  importance: number;
  accessCount: number;
  lastAccessed: string | null;
  embeddingId: string | null;
  episodeId: string | null;
  version: number;
  supersededBy: string | null;
  source: ProvenanceSource;
  pinned: boolean;
  scope: string | null;
  confidence: number;
  metadata: Record<string, unknown>;
  sourceMessageIds: string[];
  /** Bi-temporal (B3): when the fact became true, if known. */
  validFrom: string | null;
}

export interface Episode {
  id: string;
  tenantId: string;
  userId: string;
  agentId: string | null;
  sessionKey: string;
  summary: string;
  messageRangeStart: string | null;
  messageRangeEnd: string | null;
  entityIds: string[];
  importance: number;
  createdAt: string;
  sourceMessageIds: string[];
}

export interface Contradiction {
  id: string;
  entryAId: string;
  entryBId: string;
  description: string;
  confidence: number;
  resolution: 'a_wins' | 'b_wins' | 'both_kept' | null;
  resolvedAt: string | null;
}

export interface Skill {
  name: string;
  whenToUse: string;
  steps: string[];
  lastUsed: string | null;
  successCount: number;
}

export const MAX_CONTENT_BYTES = 32 * 1024;
