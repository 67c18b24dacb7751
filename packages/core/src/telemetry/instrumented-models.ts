import type { Embedder, Llm } from '../ports/models';
import type { Telemetry } from '../ports/telemetry';
import { inSpan, timed } from './spans';

/** The embedder, measured: every call feeds the embedding histogram and is a GenAI `embeddings` span. */
export function createInstrumentedEmbedder<E extends Embedder>(embedder: E, telemetry: Telemetry): E {
  const measured =
    (call: (texts: string[]) => Promise<Float32Array[]>) =>
    (texts: string[]): Promise<Float32Array[]> =>
      inSpan(
        telemetry.tracer,
        `embeddings ${embedder.modelId}`,
        {
          kind: 'client',
          attributes: {
            'gen_ai.operation.name': 'embeddings',
            'gen_ai.request.model': embedder.modelId,
            'engram.texts': texts.length,
          },
        },
        () => timed(() => call(texts), telemetry.metrics.embedding),
      );
  const embed = measured((t) => embedder.embed(t));
  const embedQueries = embedder.embedQueries ? measured((t) => embedder.embedQueries!(t)) : undefined;
  return new Proxy(embedder, {
    get(target, prop) {
      if (prop === 'embed') return embed;
      if (prop === 'embedQueries') return embedQueries;
      const v: unknown = Reflect.get(target, prop, target);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
}

/** The LLM, measured: request histogram, token counter and a GenAI `chat` span per completion. */
export function createInstrumentedLlm(llm: Llm, telemetry: Telemetry): Llm {
  return {
    complete: (req) =>
      inSpan(
        telemetry.tracer,
        `chat ${req.stage}`,
        { kind: 'client', attributes: { 'gen_ai.operation.name': 'chat', 'engram.llm.stage': req.stage } },
        async (span) => {
          const t0 = performance.now();
          let usage: { inputTokens?: number; outputTokens?: number } = {};
          try {
            const res = await llm.complete(req);
            usage = res.usage ?? {};
            span.setAttributes({
              'gen_ai.response.model': res.model,
              ...(res.usage
                ? {
                    'gen_ai.usage.input_tokens': res.usage.inputTokens,
                    'gen_ai.usage.output_tokens': res.usage.outputTokens,
                  }
                : {}),
            });
            return res;
          } finally {
            telemetry.metrics.llmRequest({ stage: req.stage, ...usage }, (performance.now() - t0) / 1000);
          }
        },
      ),
  };
}
