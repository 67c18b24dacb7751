import { EngramError, silentLogger, toEngramError, type ChatMessage, type Llm, type Logger } from '@engram/core';
import type { ExtractionEngine, ExtractionInput, ExtractionResult } from '../types';
import { parseEpisode, parseExtraction, parseVerdict, type Verdict } from './parse-output';
import {
  EXTRACTION_SCHEMA,
  EXTRACTION_SYSTEM,
  PROMPT_VERSION,
  SUMMARY_SCHEMA,
  SUMMARY_SYSTEM,
  VERIFICATION_SCHEMA,
  VERIFICATION_SYSTEM,
} from './prompts';

export interface ContradictionVerifier {
  readonly id: string;
  /** Whether the candidate contradicts the existing entry. Throws when no valid verdict could be had. */
  verify(
    existing: { key: string | null; content: string },
    candidate: { key: string; content: string },
  ): Promise<Verdict>;
}

/** An engine that can also verify contradictions (the LLM engine); the consolidator uses it when present. */
export interface VerifyingExtractionEngine extends ExtractionEngine {
  readonly verifier?: ContradictionVerifier;
}

export interface LlmEngineOptions {
  llm: Llm;
  /** Used when the model fails or keeps answering malformed JSON (K5: no fact is lost). */
  fallback: ExtractionEngine;
  logger?: Logger;
  timeoutMs?: number;
}

function transcript(input: ExtractionInput): string {
  const lines = input.messages.map((m) =>
    JSON.stringify({ id: m.messageId, role: m.role, at: m.at, content: m.content }),
  );
  const known = input.existingFacts.filter((f) => f.key).map((f) => JSON.stringify({ key: f.key, content: f.content }));
  return `Known facts about the user:\n${known.join('\n') || '(none)'}\n\nConversation (one JSON message per line):\n${lines.join('\n')}`;
}

/**
 * Asks for a JSON answer and validates it; a malformed answer is retried once with the validation
 * error shown to the model. Transport failures are not retried here (the client already did).
 */
async function askJson<T>(
  llm: Llm,
  stage: string,
  schema: { name: string; schema: Record<string, unknown> },
  messages: ChatMessage[],
  parse: (text: string) => T,
  timeoutMs?: number,
): Promise<{ value: T; model: string }> {
  const first = await llm.complete({
    stage,
    messages,
    jsonSchema: schema,
    temperature: 0,
    ...(timeoutMs ? { timeoutMs } : {}),
  });
  try {
    return { value: parse(first.text), model: first.model };
  } catch (e) {
    if (!(e instanceof EngramError) || e.code !== 'LLM_MALFORMED_OUTPUT') throw e;
    const retry = await llm.complete({
      stage,
      messages: [
        ...messages,
        { role: 'assistant', content: first.text.slice(0, 4000) },
        {
          role: 'user',
          content: `That answer was invalid: ${e.message}. Reply again with only the JSON object matching the schema.`,
        },
      ],
      jsonSchema: schema,
      temperature: 0,
      ...(timeoutMs ? { timeoutMs } : {}),
    });
    return { value: parse(retry.text), model: retry.model };
  }
}

/** K5 with a model: extraction and summary through the Llm port, rules as the safety net. */
export function createLlmEngine(opts: LlmEngineOptions): VerifyingExtractionEngine {
  const logger = opts.logger ?? silentLogger;
  const verifier: ContradictionVerifier = {
    id: `llm@${PROMPT_VERSION}`,
    async verify(existing, candidate) {
      const { value } = await askJson(
        opts.llm,
        'verification',
        VERIFICATION_SCHEMA as unknown as { name: string; schema: Record<string, unknown> },
        [
          { role: 'system', content: VERIFICATION_SYSTEM },
          { role: 'user', content: JSON.stringify({ existing, candidate }) },
        ],
        parseVerdict,
        opts.timeoutMs,
      );
      return value;
    },
  };
  return {
    id: `llm@${PROMPT_VERSION}`,
    verifier,
    async extract(input: ExtractionInput): Promise<ExtractionResult> {
      const userPrompt = transcript(input);
      let facts: ExtractionResult['facts'];
      let skills: ExtractionResult['skills'];
      let extractor: string;
      let fallback: ExtractionResult | null = null;
      const rules = async () => (fallback ??= await opts.fallback.extract(input));
      try {
        const { value, model } = await askJson(
          opts.llm,
          'extraction',
          EXTRACTION_SCHEMA as unknown as { name: string; schema: Record<string, unknown> },
          [
            { role: 'system', content: EXTRACTION_SYSTEM },
            { role: 'user', content: userPrompt },
          ],
          (text) => parseExtraction(text, input.messages),
          opts.timeoutMs,
        );
        if (value.dropped.length)
          logger.info({ sessionId: input.sessionId, dropped: value.dropped }, 'LLM facts dropped by validation');
        facts = value.facts;
        skills = value.skills;
        extractor = `llm:${model}@${PROMPT_VERSION}`;
      } catch (e) {
        const err = toEngramError(e, 'LLM_FAILED');
        const r = await rules();
        logger.warn(
          { sessionId: input.sessionId, code: err.code, err: err.message, fallbackFacts: r.facts.length },
          'LLM extraction failed; facts extracted by rules instead',
        );
        facts = r.facts;
        skills = r.skills;
        extractor = r.extractor;
      }
      let episode: ExtractionResult['episode'];
      try {
        const { value } = await askJson(
          opts.llm,
          'summary',
          SUMMARY_SCHEMA as unknown as { name: string; schema: Record<string, unknown> },
          [
            { role: 'system', content: SUMMARY_SYSTEM },
            { role: 'user', content: userPrompt },
          ],
          parseEpisode,
          opts.timeoutMs,
        );
        episode = value;
      } catch (e) {
        const err = toEngramError(e, 'LLM_FAILED');
        const r = await rules();
        logger.warn(
          { sessionId: input.sessionId, code: err.code, err: err.message },
          'LLM summary failed; rule-based summary instead',
        );
        episode = r.episode;
      }
      return { episode, facts, skills, extractor };
    },
  };
}
