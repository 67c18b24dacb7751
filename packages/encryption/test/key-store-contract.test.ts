import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import type { DataKeyStore, SqlDatabase } from '@engram/core';
import { openPglite } from '@engram/store-pglite';
import { createScratchDatabase, openPostgres } from '@engram/store-postgres';
import { dataKeyStoreContract, describeWithServers, type DataKeyStoreHarness } from '@engram/testing';
import {
  createAesGcmCipher,
  createMasterKey,
  generateMasterKeyText,
  openFileKeyStore,
  openSqlKeyStore,
  parseMasterKey,
} from '../src';

const cipher = createAesGcmCipher();
const eventKey = cipher.eventKey.bind(cipher);
const masterOf = (text: string) => createMasterKey(parseMasterKey(text, 'test'));

dataKeyStoreContract('embedded file', async (): Promise<DataKeyStoreHarness> => {
  const dir = await mkdtemp(join(tmpdir(), 'engram-keys-'));
  const key = generateMasterKeyText();
  const open = (text = key) => openFileKeyStore({ dir, master: masterOf(text), eventKey });
  let store: DataKeyStore | null = await open();
  return {
    store,
    eventKey,
    async reopen(text) {
      await store?.close();
      store = null;
      store = await open(text);
      return store;
    },
    async cleanup() {
      await store?.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});

function sqlHarness(
  openDb: () => Promise<{ db: SqlDatabase; reopen(): Promise<SqlDatabase>; dispose(): Promise<void> }>,
  key = generateMasterKeyText(),
) {
  return async (): Promise<DataKeyStoreHarness> => {
    const handle = await openDb();
    let db = handle.db;
    const open = (text = key) => openSqlKeyStore({ db, master: masterOf(text), eventKey });
    let store: DataKeyStore | null = await open();
    return {
      store,
      eventKey,
      async reopen(text) {
        await store?.close();
        store = null;
        db = await handle.reopen();
        store = await open(text);
        return store;
      },
      async cleanup() {
        await store?.close();
        await handle.dispose();
      },
    };
  };
}

// PGlite is one connection per process: a restart of the store is a new store over the same
// database. One database serves every test (each test has subjects of its own).
let pglite: Promise<SqlDatabase> | null = null;
afterAll(async () => {
  await (await pglite)?.close();
});
dataKeyStoreContract(
  'SQL on PGlite',
  sqlHarness(async () => {
    const db = await (pglite ??= openPglite());
    return { db, reopen: async () => db, dispose: async () => undefined };
  }, generateMasterKeyText()),
);

describeWithServers(['postgres'], 'SQL key store on PostgreSQL', ({ postgres }) => {
  dataKeyStoreContract(
    'SQL on PostgreSQL',
    sqlHarness(async () => {
      const scratch = await createScratchDatabase(postgres, 'engram_keys');
      let db = openPostgres({ connectionString: scratch.url, max: 4 });
      return {
        db,
        async reopen() {
          await db.close();
          db = openPostgres({ connectionString: scratch.url, max: 4 });
          return db;
        },
        async dispose() {
          await db.close();
          await scratch.drop();
        },
      };
    }),
  );
});
