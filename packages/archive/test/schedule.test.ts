import { describe, expect, it } from 'vitest';
import { nextRunAfter } from '@engram/archive';

describe('nextRunAfter', () => {
  it('is the next local HH:MM strictly after the given time', () => {
    expect(nextRunAfter(new Date(2026, 0, 10, 2, 59, 30), { hour: 3, minute: 0 })).toEqual(
      new Date(2026, 0, 10, 3, 0, 0),
    );
    expect(nextRunAfter(new Date(2026, 0, 10, 3, 0, 0), { hour: 3, minute: 0 })).toEqual(
      new Date(2026, 0, 11, 3, 0, 0),
    );
    expect(nextRunAfter(new Date(2026, 11, 31, 23, 50), { hour: 0, minute: 5 })).toEqual(new Date(2027, 0, 1, 0, 5, 0));
  });
});
