import { runMigrations } from '@engram/projections';
import { openPglite } from '@engram/store-pglite';
import { createScratchDatabase, openPostgres } from '@engram/store-postgres';
import { describeWithServers, keyStoreContract } from '@engram/testing';
import type { SqlDatabase } from '@engram/core';
import { KEY_STORE_MIGRATIONS_DIR, KEY_STORE_MIGRATIONS_NAMESPACE, openSqlKeyStore } from '../src';

const migrate = (db: SqlDatabase) =>
  runMigrations(db, { dir: KEY_STORE_MIGRATIONS_DIR, namespace: KEY_STORE_MIGRATIONS_NAMESPACE });

for (const exclusive of [true, false]) {
  keyStoreContract(
    `SQL key store on PGlite (${exclusive ? 'exclusive: served from memory' : 'read per lookup'})`,
    async () => {
      const db = await openPglite();
      await migrate(db);
      return { store: await openSqlKeyStore(db, { exclusive }), close: () => db.close() };
    },
  );
}

describeWithServers(['postgres'], 'SQL key store on PostgreSQL', ({ postgres }) => {
  keyStoreContract('SQL key store on PostgreSQL (shared by every service)', async () => {
    const scratch = await createScratchDatabase(postgres);
    const db = openPostgres({ connectionString: scratch.url, max: 2 });
    const others: SqlDatabase[] = [];
    // Two services migrating at once apply the key store's migration once.
    const peerDb = openPostgres({ connectionString: scratch.url, max: 2 });
    others.push(peerDb);
    await Promise.all([migrate(db), migrate(peerDb)]);
    return {
      store: await openSqlKeyStore(db),
      peer: () => openSqlKeyStore(peerDb),
      async close() {
        await db.close();
        for (const o of others) await o.close();
        await scratch.drop();
      },
    };
  });
});
