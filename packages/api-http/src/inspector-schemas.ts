import Type, { type TSchema } from 'typebox';
import { erasureReportResponse, memorySchema } from './schemas';

/** Response shapes of the inspector's read views (sessions, timeline, decay curve, erasure list). */

const str = Type.String();
const nullable = <T extends TSchema>(s: T) => Type.Union([s, Type.Null()]);
const time = Type.String({ format: 'date-time' });
const nextCursor = nullable(Type.String({ description: 'pass as cursor for the next page; null on the last page' }));

const sessionSchema = Type.Object({
  sessionId: str,
  agentId: nullable(str),
  startedAt: time,
  lastActivityAt: time,
  endedAt: nullable(time),
  endReason: nullable(Type.String({ description: 'explicit | idle | manual …' })),
  messageCount: Type.Integer(),
});

export const sessionPageResponse = Type.Object({ sessions: Type.Array(sessionSchema), nextCursor });

export const sessionTimelineResponse = Type.Object({
  session: sessionSchema,
  messages: Type.Array(
    Type.Object({
      eventId: Type.String({ format: 'uuid', description: 'the MessageObserved event' }),
      messageId: str,
      role: str,
      content: str,
      at: time,
      seq: Type.Integer({ description: 'log offset: the ledger order' }),
    }),
    { description: 'the session’s ledger in log order (at most 1000)' },
  ),
  episodes: Type.Array(
    Type.Object({
      id: str,
      summary: str,
      entityIds: Type.Array(str),
      importance: Type.Number(),
      sourceMessageIds: Type.Array(str, { description: 'messageId of each message it was consolidated from' }),
      startedAt: nullable(time),
      endedAt: nullable(time),
      createdAt: time,
    }),
  ),
  memories: Type.Array(memorySchema, {
    description:
      'entries written in the session or extracted from its episodes, oldest first; sourceMessageIds and episodeId give their lineage',
  }),
});

export const decayCurveResponse = Type.Object(
  {
    memoryId: str,
    exempt: Type.Boolean({ description: 'USER entries and pinned ones do not decay' }),
    importance: Type.Number(),
    accessCount: Type.Integer(),
    lastTouched: Type.String({ format: 'date-time', description: 'last access, or creation: where the curve starts' }),
    halfLifeDays: Type.Number({ description: 'memory.importanceDecayDays × (1 + log2(1 + accessCount))' }),
    importanceDecayDays: Type.Number(),
    archiveThreshold: Type.Number({ description: 'below it the decay sweep moves a SEMANTIC entry to ARCHIVAL' }),
    now: time,
    effectiveImportanceNow: Type.Number(),
    crossesThresholdAt: nullable(
      Type.String({ format: 'date-time', description: 'when the curve falls below the threshold; null if never' }),
    ),
    points: Type.Array(Type.Object({ at: time, effectiveImportance: Type.Number() }), {
      description: 'samples from lastTouched to the horizon, assuming no further access',
    }),
  },
  { description: 'D1 forgetting curve as the service computes it (effectiveImportance of @engram/core)' },
);

export const erasurePageResponse = Type.Object({ erasures: Type.Array(erasureReportResponse), nextCursor });
