import { availableParallelism } from 'node:os';
import { createEmbeddingPool, type EmbeddingPool } from '@engram/runtime';

/** The USE model as the services run it (the embedding pool, cores − 1 workers), loaded before timing starts. */
export async function warmPool(workers = Math.max(1, availableParallelism() - 1)): Promise<EmbeddingPool> {
  const pool = await createEmbeddingPool({ kind: 'use' }, { workers });
  await pool.warmup();
  return pool;
}
