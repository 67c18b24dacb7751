import Type from 'typebox';
import { id, position } from './fields';

/** Request shapes of the read views the inspector (/ui/) needs beyond the agent API: sessions, decay, erasures. */

const userId = id('user (hard isolation boundary)');
const agentId = Type.Optional(id('agent; omitted = every agent of the user'));
const cursor = Type.Optional(
  Type.String({ pattern: '^[A-Za-z0-9_-]{1,1024}$', description: 'nextCursor of the previous page' }),
);

export const SessionsQuery = Type.Object(
  {
    agentId,
    limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,3}$', description: 'page size, 1–500 (default 50)' })),
    cursor,
    minPosition: Type.Optional(position()),
  },
  { additionalProperties: false },
);

export const TimelineQuery = Type.Object(
  { userId, agentId, minPosition: Type.Optional(position()) },
  { additionalProperties: false },
);

export const DecayQuery = Type.Object(
  {
    userId,
    agentId,
    days: Type.Optional(
      Type.String({
        pattern: '^[0-9]{1,4}$',
        description:
          'how far past now the curve runs, in days, 1–3650 (default: until it crosses the archive threshold, at most 365)',
      }),
    ),
    points: Type.Optional(
      Type.String({ pattern: '^[0-9]{1,3}$', description: 'samples on the curve, 2–500 (default 120)' }),
    ),
    minPosition: Type.Optional(position()),
  },
  { additionalProperties: false },
);

export const ErasuresQuery = Type.Object(
  {
    userId: Type.Optional(id('only this user’s erasures')),
    limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,3}$', description: 'page size, 1–500 (default 50)' })),
    cursor,
  },
  { additionalProperties: false },
);
