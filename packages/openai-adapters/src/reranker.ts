import { EngramError, type Reranker } from '@engram/core';

export interface HttpRerankerOptions {
  /** The server's base URL or its /rerank endpoint (TEI, or an OpenAI-style /v1 base serving /rerank). */
  url: string;
  model?: string;
  apiKey?: string;
}

interface RerankResult {
  index: number;
  score: number;
}

function endpointOf(url: string): string {
  const u = url.replace(/\/+$/, '');
  return u.endsWith('/rerank') ? u : `${u}/rerank`;
}

/** R6: a cross-encoder behind a TEI-style `POST /rerank {query, texts}` → `[{index, score}]`. */
export function createHttpReranker(opts: HttpRerankerOptions): Reranker {
  let endpoint: string;
  try {
    endpoint = new URL(endpointOf(opts.url)).toString();
  } catch (e) {
    throw new EngramError('CONFIG_INVALID', `reranker url "${opts.url}" is not a URL`, { cause: e });
  }
  return {
    modelId: opts.model ?? 'http-rerank',
    async score(query, documents, { timeoutMs }) {
      if (documents.length === 0) return [];
      let res: Response;
      try {
        res = await fetch(endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}),
          },
          body: JSON.stringify({ query, texts: documents, ...(opts.model ? { model: opts.model } : {}) }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (e) {
        const timedOut = (e as Error).name === 'TimeoutError';
        throw new EngramError(
          'LLM_FAILED',
          timedOut
            ? `reranker did not answer within ${timeoutMs} ms`
            : `reranker request failed: ${(e as Error).message}`,
          { cause: e },
        );
      }
      if (!res.ok) {
        const text = await res.text().catch(() => '');
        throw new EngramError('LLM_FAILED', `reranker answered HTTP ${res.status}: ${text.slice(0, 200)}`, {
          retriable: res.status >= 500 || res.status === 429,
        });
      }
      let body: unknown;
      try {
        body = await res.json();
      } catch (e) {
        throw new EngramError('LLM_MALFORMED_OUTPUT', 'reranker answered with invalid JSON', { cause: e });
      }
      const results = (Array.isArray(body) ? body : (body as { results?: unknown })?.results) as unknown;
      if (!Array.isArray(results))
        throw new EngramError('LLM_MALFORMED_OUTPUT', 'reranker answer is not a list of {index, score}');
      const scores = new Array<number>(documents.length).fill(Number.NaN);
      for (const r of results as RerankResult[]) {
        const score =
          (r as { score?: unknown; relevance_score?: unknown }).score ??
          (r as { relevance_score?: unknown }).relevance_score;
        if (
          !Number.isInteger(r?.index) ||
          r.index < 0 ||
          r.index >= documents.length ||
          typeof score !== 'number' ||
          !Number.isFinite(score)
        ) {
          throw new EngramError(
            'LLM_MALFORMED_OUTPUT',
            `reranker returned a malformed result ${JSON.stringify(r).slice(0, 100)}`,
          );
        }
        scores[r.index] = score;
      }
      if (scores.some((s) => Number.isNaN(s)))
        throw new EngramError('LLM_MALFORMED_OUTPUT', 'reranker did not score every document');
      return scores;
    },
  };
}
