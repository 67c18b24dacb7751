import type { Contradiction, MemoryEntry } from '@engram/core';
import type { HistoryAction } from './semantic/history';

/** A memory entry as the read model holds it: the core shape plus what the projector adds. */
export interface StoredMemory extends MemoryEntry {
  /** memory | profile | fact | event | summary */
  kind: string;
  /** B3: when the fact stopped being true (null while it holds). */
  validTo: string | null;
  /** B3 record time: when Engram recorded it. */
  recordedAt: string;
}

export interface MemoryHistoryEntry {
  eventId: string;
  memoryId: string;
  action: HistoryAction;
  key: string | null;
  version: number | null;
  /** Null for actions that carry no content, and after a forget. */
  content: string | null;
  source: string | null;
  relatedId: string | null;
  reason: string | null;
  /** When the change happened in the world (the event's occurredAt). */
  at: string;
  /** Record time: when Engram recorded the change (null for rows older than B3). */
  recordedAt: string | null;
  /** The entry's valid time at this change. */
  validFrom: string | null;
  validTo: string | null;
}

export interface ContradictionRecord extends Contradiction {
  tenantId: string;
  userId: string;
  candidate: Record<string, unknown> | null;
  resolvedBy: string | null;
  detectedAt: string;
}

export interface SessionRecord {
  tenantId: string;
  userId: string;
  sessionId: string;
  agentId: string | null;
  startedAt: string;
  lastActivityAt: string;
  endedAt: string | null;
  endReason: string | null;
  messageCount: number;
}

export interface MessageRecord {
  eventId: string;
  messageId: string;
  tenantId: string;
  userId: string;
  agentId: string | null;
  sessionId: string;
  role: string;
  content: string;
  at: string;
  seq: number;
  metadata: Record<string, unknown>;
}

export interface EpisodeRecord {
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
  sourceMessageIds: string[];
  startedAt: string | null;
  endedAt: string | null;
  createdAt: string;
}

export interface SkillRecord {
  id: string;
  name: string;
  whenToUse: string;
  steps: string[];
  lastUsed: string | null;
  successCount: number;
  failureCount: number;
  agentId: string | null;
}

export interface ArchiveRecord {
  memoryId: string;
  reason: string;
  supersededBy: string | null;
  effectiveImportance: number | null;
  archivedAt: string;
  archivedEventId: string;
  restoredAt: string | null;
}

export interface WriteRejectionRecord {
  eventId: string;
  agentId: string | null;
  sessionId: string | null;
  attempted: string;
  code: string;
  reason: string;
  field: string | null;
  contentSha256: string;
  match: string | null;
  at: string;
}
