import { randomBytes } from 'node:crypto';
import { createQdrantVectorIndex } from '@engram/index-qdrant';
import { CONTRACT_VECTOR_DIMENSIONS, describeWithServers, vectorIndexContract } from '@engram/testing';

describeWithServers(['qdrant'], 'Qdrant vector index (real server)', ({ qdrant: url }) => {
  vectorIndexContract('qdrant', async () => {
    // A fresh prefix per test: collections of other runs are never touched, and all are dropped after
    // (by a second handle, since the suite closes the index under test before teardown).
    const opts = {
      url,
      ...(process.env.ENGRAM_TEST_QDRANT_API_KEY ? { apiKey: process.env.ENGRAM_TEST_QDRANT_API_KEY } : {}),
      collectionPrefix: `ctq_${randomBytes(6).toString('hex')}_`,
      dimensions: CONTRACT_VECTOR_DIMENSIONS,
    };
    const admin = createQdrantVectorIndex(opts);
    return {
      index: createQdrantVectorIndex(opts),
      teardown: async () => {
        await admin.dropAll();
        await admin.close();
      },
    };
  });
});
