import { describe, expect, it } from 'vitest';
import { openStack, scopeOf, rejection } from './harness';

describe('read-your-writes timeout', () => {
  it('answers PROJECTION_LAGGING (retriable, 503) when the read side does not reach minPosition in time', async () => {
    const s = await openStack({ projectors: false, config: { minPositionWaitMs: 150 } });
    try {
      const w = await s.app.writeMemory({ scope: scopeOf('lag'), type: 'USER', content: 'Allergic to peanuts' });
      const err = await rejection(s.app.query({ scope: scopeOf('lag'), query: 'allergies', minPosition: w.position! }));
      expect(err.code).toBe('PROJECTION_LAGGING');
      expect(err.retriable).toBe(true);
      expect(err.httpStatus).toBe(503);
      // Nothing was lost: the write is in the log.
      expect((await s.events()).some((e) => e.type === 'MemoryWritten' && e.payload.memoryId === w.id)).toBe(true);
    } finally {
      await s.close();
    }
  });
});
