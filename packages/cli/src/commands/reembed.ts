import { openEmbedder, openIndexes } from '@engram/runtime';
import { intFlag, noPositionals, numberFlag, parseFlags } from '../args';
import type { Command } from '../command';
import { withOffline } from '../offline';
import { reembed, reembedProgressPath } from '../reembed/reembed';

export const reembedCommand: Command = {
  name: 'reembed',
  summary: 're-embed documents whose vectors came from another model (E1), resumable',
  usage: `Usage: engram reembed [--batch-size N] [--rate DOCS_PER_SEC] [--checkpoint-every-ms MS]

Finds the vectors whose model id differs from the configured embedder's (VectorIndex.staleIds),
takes each document's text from the log, and re-embeds it in batches, at most --rate documents per
second. The vector index and <data dir>/reembed-progress.json are made durable every
--checkpoint-every-ms, so a killed run is finished by running it again (only the remainder is
embedded). At the end every vector carries the new model id and the index snapshots are stamped
with it, so the service resumes instead of re-indexing. Queries never mix models: the vector search
only reads vectors of the configured model id. Works offline (refuses while the service runs).

Options:
  --batch-size N            documents per embedder call (default 64)
  --rate DOCS_PER_SEC       upper bound on documents per second (default 0 = no limit)
  --checkpoint-every-ms MS  how often progress is made durable (default 2000)`,
  async run(argv, io) {
    const a = parseFlags('reembed', argv, {
      'batch-size': { type: 'string' },
      rate: { type: 'string' },
      'checkpoint-every-ms': { type: 'string' },
    });
    noPositionals('reembed', a);
    const opts = {
      batchSize: intFlag('reembed', a, 'batch-size', 64, 1),
      rate: numberFlag('reembed', a, 'rate', 0, 0),
      checkpointEveryMs: intFlag('reembed', a, 'checkpoint-every-ms', 2000, 0),
    };
    const out = await withOffline(io, 'reembed', async (f) => {
      const embedder = await openEmbedder(f.cfg);
      const indexes = await openIndexes(f.cfg, embedder);
      try {
        return {
          ...(await reembed(f.cfg, f.log, indexes, embedder, opts, io)),
          progressFile: reembedProgressPath(f.cfg),
        };
      } finally {
        await indexes.text.close();
        await indexes.vectors.close();
        await embedder.close?.();
      }
    });
    io.stdout.write(`${JSON.stringify(out)}\n`);
    return 0;
  },
};
