import type { StoredEvent } from '@engram/core';
import { EventFactory, freshScope, memoryIdOf, uid } from './events';

/** A conversation of two users touching every event type, for replay and end-to-end runs. */
export function richScenario(): StoredEvent[] {
  const a = new EventFactory(freshScope('agent-1'), 'sa');
  const b = new EventFactory(freshScope(), 'sb');
  const out: StoredEvent[] = [];
  out.push(a.make('SessionStarted', { sessionId: 'sa' }), b.make('SessionStarted', { sessionId: 'sb' }));
  for (let i = 0; i < 24; i++) out.push(a.message(i % 2 ? 'assistant' : 'user', `turn ${i} about hiking`));
  out.push(
    a.message('user', 'duplicate id', { messageId: 'dup' }),
    a.message('user', 'duplicate id again', { messageId: 'dup' }),
  );
  out.push(b.message('user', 'I am Bob'), a.memory({ tier: 'WORKING', content: 'planning a hike', importance: 0.9 }));
  const f1 = a.fact({ key: 'hobby', content: 'likes hiking', source: 'consolidated' });
  const w1 = a.memory({ key: 'hobby', content: 'I love mountain hiking', source: 'user_stated' });
  const f2 = a.fact({ key: 'hobby', content: 'likes climbing', source: 'model_inferred' });
  const n1 = a.memory({ content: 'Has a dog named Rex' });
  const n2 = a.memory({ content: 'has a dog  named rex' });
  const env = a.memory({ content: 'Repo uses pnpm', type: 'ENVIRONMENT', importance: 0.3 });
  out.push(f1, w1, f2, n1, n2, env);
  out.push(
    a.make('MemoryAccessed', {
      memoryIds: [memoryIdOf(w1), memoryIdOf(n1)],
      queryHash: 'q1',
      counts: [1, 1],
      queries: 1,
    }),
  );
  out.push(
    a.make('MemoryPinned', { memoryId: memoryIdOf(n1) }),
    a.make('MemoryUnpinned', { memoryId: memoryIdOf(n1) }),
  );
  out.push(a.make('MemoryArchived', { memoryId: memoryIdOf(env), reason: 'decay', effectiveImportance: 0.01 }));
  out.push(a.make('MemoryRestored', { memoryId: memoryIdOf(env) }));
  const cid = uid();
  out.push(
    a.make('ContradictionDetected', {
      contradictionId: cid,
      entryAId: memoryIdOf(w1),
      entryBId: memoryIdOf(f2),
      description: 'hobby differs',
      confidence: 0.6,
      candidate: null,
    }),
  );
  out.push(a.make('ContradictionResolved', { contradictionId: cid, resolution: 'a_wins', resolvedBy: 'provenance' }));
  out.push(
    a.make('MemorySuperseded', {
      memoryId: memoryIdOf(env),
      supersededBy: memoryIdOf(n1),
      reason: 'merged',
      contradictionId: null,
    }),
  );
  out.push(
    a.make('SkillRecorded', {
      skillId: uid(),
      name: 'plan-hike',
      whenToUse: 'trip planning',
      steps: ['check weather', 'pack'],
      success: true,
      sourceMessageIds: [],
    }),
  );
  out.push(
    a.make('SkillRecorded', {
      skillId: uid(),
      name: 'plan-hike',
      whenToUse: 'trip planning',
      steps: ['check weather', 'pack', 'go'],
      success: false,
      sourceMessageIds: [],
    }),
  );
  out.push(
    a.make('WriteRejected', {
      attempted: 'memory',
      code: 'CONTENT_BLOCKED_INJECTION',
      reason: 'pattern',
      field: 'content',
      contentSha256: '00',
      match: 'ignore all previous instructions',
    }),
  );
  out.push(
    a.make('EpisodeCreated', {
      episodeId: uid(),
      sessionKey: 'sa',
      summary: 'Talked about hiking',
      messageRangeStart: null,
      messageRangeEnd: null,
      entityIds: ['hiking'],
      importance: 0.6,
      sourceMessageIds: [],
      startedAt: null,
      endedAt: null,
    }),
  );
  out.push(a.make('SessionEnded', { sessionId: 'sa', reason: 'explicit' }));
  const bKey = b.memory({ key: 'name', content: 'Bob' });
  out.push(bKey, b.forget('key', { key: 'name' }), b.memory({ content: 'temp' }));
  out.push(a.forget('memory', { memoryId: memoryIdOf(n2) }), b.forget('user'));
  out.push(a.message('user', 'back after the end'));
  return out;
}
