import { randomBytes } from 'node:crypto';
import { describe, it } from 'vitest';
import { createQdrantVectorIndex } from '@engram/index-qdrant';
import { CONTRACT_VECTOR_DIMENSIONS, vectorIndexContract } from '@engram/testing';

const url = process.env.ENGRAM_TEST_QDRANT_URL;

if (url) {
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
} else {
  describe.skip('VectorIndex contract: qdrant (skipped: set ENGRAM_TEST_QDRANT_URL to a Qdrant server to run it)', () => {
    it('runs against a real Qdrant server', () => {});
  });
}
