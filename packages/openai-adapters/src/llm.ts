import OpenAI, { APIError } from 'openai';
import { EngramError, type Llm, type LlmCompletionRequest } from '@engram/core';

/** B6: one model per stage; `rerank` is optional (a reranker endpoint usually does that job). */
export interface OpenAiLlmModels {
  summary: string;
  extraction: string;
  verification: string;
  rerank?: string;
}

export interface OpenAiLlmOptions {
  baseURL: string;
  apiKey: string;
  models: OpenAiLlmModels;
  /** Per request, unless the request sets its own timeoutMs. */
  timeoutMs?: number;
  /** Transport retries inside the client (429 / 5xx / network); default 2. */
  maxRetries?: number;
}

function llmError(e: unknown, what: string): EngramError {
  if (e instanceof EngramError) return e;
  const status = e instanceof APIError ? e.status : undefined;
  const retriable = status === undefined || status === 408 || status === 409 || status === 429 || status >= 500;
  const msg = e instanceof Error ? e.message : String(e);
  return new EngramError('LLM_FAILED', `${what}: ${msg}`, {
    cause: e,
    retriable,
    ...(status ? { details: { status } } : {}),
  });
}

/**
 * The Llm port on any OpenAI-compatible chat-completions endpoint. A JSON schema in the request is
 * sent as response_format json_schema (strict); the answer text is returned as is — validating it
 * is the caller's job, because only the caller knows what to do with a malformed answer.
 */
export function createOpenAiLlm(opts: OpenAiLlmOptions): Llm {
  for (const stage of ['summary', 'extraction', 'verification'] as const) {
    if (!opts.models?.[stage])
      throw new EngramError('CONFIG_INVALID', `the OpenAI LLM needs a model for the "${stage}" stage`);
  }
  const client = new OpenAI({
    baseURL: opts.baseURL,
    apiKey: opts.apiKey,
    ...(opts.timeoutMs ? { timeout: opts.timeoutMs } : {}),
    maxRetries: opts.maxRetries ?? 2,
  });
  const modelFor = (stage: string): string => {
    const m = (opts.models as unknown as Record<string, string | undefined>)[stage];
    if (!m) throw new EngramError('VALIDATION_FAILED', `no model configured for LLM stage "${stage}"`);
    return m;
  };
  return {
    async complete(req: LlmCompletionRequest) {
      const model = modelFor(req.stage);
      let res: OpenAI.Chat.Completions.ChatCompletion;
      try {
        res = await client.chat.completions.create(
          {
            model,
            messages: req.messages,
            ...(req.temperature !== undefined ? { temperature: req.temperature } : {}),
            ...(req.maxTokens !== undefined ? { max_tokens: req.maxTokens } : {}),
            ...(req.jsonSchema
              ? {
                  response_format: {
                    type: 'json_schema' as const,
                    json_schema: { name: req.jsonSchema.name, schema: req.jsonSchema.schema, strict: true },
                  },
                }
              : {}),
          },
          req.timeoutMs ? { timeout: req.timeoutMs } : undefined,
        );
      } catch (e) {
        throw llmError(e, `chat completion (${req.stage}, ${model}) failed`);
      }
      const text = res.choices?.[0]?.message?.content;
      if (typeof text !== 'string') {
        throw new EngramError(
          'LLM_MALFORMED_OUTPUT',
          `chat completion (${req.stage}, ${model}) returned no message content`,
        );
      }
      const usage = res.usage
        ? { usage: { inputTokens: res.usage.prompt_tokens, outputTokens: res.usage.completion_tokens } }
        : {};
      return { text, model: res.model || model, ...usage };
    },
  };
}
