import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sqlDatabaseContract } from '@engram/testing';
import { openPglite } from '../src';

sqlDatabaseContract('pglite (in memory)', async () => ({ db: await openPglite() }));

describe('openPglite with a data dir', () => {
  it('keeps committed rows across a close and reopen', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'engram-pglite-'));
    try {
      const first = await openPglite({ dataDir: dir });
      await first.transaction(async (tx) => {
        await tx.query('CREATE TABLE kept (v text)');
        await tx.query('INSERT INTO kept VALUES ($1)', ['durable']);
      });
      await first.close();
      const second = await openPglite({ dataDir: dir });
      expect((await second.query<{ v: string }>('SELECT v FROM kept')).rows).toEqual([{ v: 'durable' }]);
      await second.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
