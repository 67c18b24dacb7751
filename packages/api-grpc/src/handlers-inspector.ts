import { decayInputOf, erasuresInputOf, sessionsInputOf, timelineInputOf, type MemoryApp } from '@engram/app';
import {
  check,
  DecayQuery,
  ErasuresQuery,
  MemoryParams,
  SessionParams,
  SessionsQuery,
  TimelineQuery,
  UserPathParams,
} from '@engram/contract';
import { erasureToProto, memoryToProto, n, s, shape, type CallContext, type Req } from './handlers';

/**
 * The inspector's read views (sessions, timeline, decay, erasures). A null of the app's answer
 * leaves the proto field unset (an empty string on the wire), as the other calls' '' does.
 */
export function inspectorHandlers(app: MemoryApp): Record<string, (c: CallContext, r: Req) => Promise<Req>> {
  return {
    async ListSessions(c, r) {
      const { userId } = check(UserPathParams, shape({ userId: r.userId }));
      const q = check(
        SessionsQuery,
        shape({ agentId: s(r.agentId), limit: n(r.limit), cursor: s(r.cursor), minPosition: s(r.minPosition) }),
      );
      return { ...(await app.listSessions(sessionsInputOf(c, userId, q))) };
    },
    async SessionTimeline(c, r) {
      const { sessionId } = check(SessionParams, shape({ sessionId: r.sessionId }));
      const q = check(TimelineQuery, shape({ userId: r.userId, agentId: s(r.agentId), minPosition: s(r.minPosition) }));
      const tl = await app.sessionTimeline(timelineInputOf(c, sessionId, q));
      return { ...tl, memories: tl.memories.map(memoryToProto) };
    },
    async DecayCurve(c, r) {
      const { id } = check(MemoryParams, shape({ id: r.id }));
      const q = check(
        DecayQuery,
        shape({
          userId: r.userId,
          agentId: s(r.agentId),
          days: n(r.days),
          points: n(r.points),
          minPosition: s(r.minPosition),
        }),
      );
      return { ...(await app.decayCurve(decayInputOf(c, id, q))) };
    },
    async ListErasures(c, r) {
      const q = check(ErasuresQuery, shape({ userId: s(r.userId), limit: n(r.limit), cursor: s(r.cursor) }));
      const page = await app.listErasures(erasuresInputOf(c, q));
      return { erasures: page.erasures.map(erasureToProto), nextCursor: page.nextCursor ?? '' };
    },
  };
}
