import type { Embedder } from '@engram/core';
import { loadAdapter } from './optional-adapter';

/** A local model, described by plain data: the embedding pool builds it again in each worker. */
export type LocalEmbedderSpec =
  | { kind: 'use' }
  | { kind: 'onnx'; modelDir: string; pooling: 'mean' | 'cls' | null; maxLength: number | null; threads?: number };

export type LocalEmbedder = Embedder & { warmup(): Promise<void> };

/** The in-thread embedder of a spec; its model loads on first use (or warmup). */
export async function createLocalEmbedder(spec: LocalEmbedderSpec): Promise<LocalEmbedder> {
  switch (spec.kind) {
    case 'use': {
      const { createUseEmbedder } = await loadAdapter(
        '@engram/embedder-use',
        'ENGRAM_EMBEDDER=use',
        () => import('@engram/embedder-use'),
      );
      return createUseEmbedder();
    }
    case 'onnx': {
      const { createOnnxEmbedder } = await loadAdapter(
        '@engram/embedder-onnx',
        'ENGRAM_EMBEDDER=onnx',
        () => import('@engram/embedder-onnx'),
      );
      return createOnnxEmbedder({
        modelDir: spec.modelDir,
        ...(spec.pooling ? { pooling: spec.pooling } : {}),
        ...(spec.maxLength ? { maxLength: spec.maxLength } : {}),
        ...(spec.threads ? { threads: spec.threads } : {}),
      });
    }
  }
}
