import { EngramError } from '@engram/core';
import type { CandidateFact, EpisodeDraft, ExtractionMessage, SkillCandidate } from '../types';
import { MIN_FACT_CONFIDENCE } from '../types';
import { languageOf } from '../rules/text';

function malformed(reason: string): EngramError {
  return new EngramError('LLM_MALFORMED_OUTPUT', `the model's answer does not match the schema: ${reason}`);
}

function parseJson(text: string): unknown {
  // Some servers wrap JSON in a code fence even with response_format set.
  const body = text
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  try {
    return JSON.parse(body);
  } catch (e) {
    throw malformed(`not JSON (${e instanceof Error ? e.message : String(e)})`);
  }
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
function str(o: Record<string, unknown>, k: string, where: string): string {
  const v = o[k];
  if (typeof v !== 'string') throw malformed(`${where}.${k} must be a string`);
  return v;
}
function num01(o: Record<string, unknown>, k: string, where: string): number {
  const v = o[k];
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 1)
    throw malformed(`${where}.${k} must be a number in [0,1]`);
  return v;
}
function strArray(o: Record<string, unknown>, k: string, where: string): string[] {
  const v = o[k];
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string'))
    throw malformed(`${where}.${k} must be an array of strings`);
  return v as string[];
}

const KEY = /^(user|env)\.[\p{L}\p{N}_]+(?:\.[\p{L}\p{N}_]+)*$/u;

export interface ParsedFacts {
  facts: CandidateFact[];
  skills: SkillCandidate[];
  /** Facts the model gave that were dropped, with why (logged; never silent). */
  dropped: Array<{ key: string; reason: string }>;
}

/**
 * Validates the extraction answer against the schema and the conversation: USER facts must cite the
 * user's own messages, ids must exist, confidence below 0.6 is dropped (and reported).
 */
export function parseExtraction(text: string, messages: ExtractionMessage[]): ParsedFacts {
  const root = parseJson(text);
  if (!isObj(root) || !Array.isArray(root.facts) || !Array.isArray(root.skills))
    throw malformed('expected an object with "facts" and "skills" arrays');
  const roleOf = new Map(messages.map((m) => [m.messageId, m.role]));
  const dropped: ParsedFacts['dropped'] = [];
  const facts: CandidateFact[] = [];
  root.facts.forEach((raw, i) => {
    const where = `facts[${i}]`;
    if (!isObj(raw)) throw malformed(`${where} must be an object`);
    const key = str(raw, 'key', where).trim().toLowerCase().replace(/\s+/g, '_');
    const kind = str(raw, 'kind', where);
    const type = str(raw, 'type', where);
    if (!['profile', 'fact', 'event'].includes(kind)) throw malformed(`${where}.kind must be profile, fact or event`);
    if (type !== 'USER' && type !== 'ENVIRONMENT') throw malformed(`${where}.type must be USER or ENVIRONMENT`);
    if (typeof raw.positive !== 'boolean') throw malformed(`${where}.positive must be a boolean`);
    const timeHint = raw.timeHint;
    if (timeHint !== null && timeHint !== undefined && typeof timeHint !== 'string')
      throw malformed(`${where}.timeHint must be a string or null`);
    const content = str(raw, 'content', where).trim();
    const confidence = num01(raw, 'confidence', where);
    const importance = num01(raw, 'importance', where);
    const ids = strArray(raw, 'sourceMessageIds', where);
    if (!KEY.test(key)) return void dropped.push({ key, reason: 'key is not a dotted user./env. key' });
    if (!content) return void dropped.push({ key, reason: 'empty content' });
    const known = ids.filter((id) => roleOf.has(id));
    const fromUser = known.filter((id) => roleOf.get(id) === 'user');
    if (type === 'USER' && fromUser.length === 0)
      return void dropped.push({ key, reason: "a USER fact must come from the user's own messages" });
    if (known.length === 0) return void dropped.push({ key, reason: 'no known source message' });
    if (confidence < MIN_FACT_CONFIDENCE)
      return void dropped.push({ key, reason: `confidence ${confidence} < ${MIN_FACT_CONFIDENCE}` });
    const subject = str(raw, 'subject', where);
    const predicate = str(raw, 'predicate', where);
    const object = str(raw, 'object', where);
    facts.push({
      key:
        type === 'ENVIRONMENT' && key.startsWith('user.')
          ? `env.${key.slice(5)}`
          : type === 'USER' && key.startsWith('env.')
            ? `user.${key.slice(4)}`
            : key,
      content,
      kind: kind as CandidateFact['kind'],
      type,
      subject,
      predicate,
      object,
      positive: raw.positive,
      timeHint: typeof timeHint === 'string' && timeHint ? timeHint : null,
      validFrom:
        typeof timeHint === 'string' && /^\d{4}-\d{2}-\d{2}/.test(timeHint) && kind !== 'event'
          ? timeHint.slice(0, 10)
          : null,
      validTo: null,
      confidence,
      importance,
      tags: [key.split('.')[1] ?? 'fact', kind],
      sourceMessageIds: type === 'USER' ? fromUser : known,
      language: languageOf(content),
    });
  });
  const skills: SkillCandidate[] = root.skills.map((raw, i) => {
    const where = `skills[${i}]`;
    if (!isObj(raw)) throw malformed(`${where} must be an object`);
    if (typeof raw.success !== 'boolean') throw malformed(`${where}.success must be a boolean`);
    return {
      name: str(raw, 'name', where),
      whenToUse: str(raw, 'whenToUse', where),
      steps: strArray(raw, 'steps', where),
      success: raw.success,
      sourceMessageIds: strArray(raw, 'sourceMessageIds', where).filter((id) => roleOf.has(id)),
    };
  });
  return { facts, skills: skills.filter((s) => s.name.trim() && s.steps.length > 0), dropped };
}

export function parseEpisode(text: string): EpisodeDraft {
  const root = parseJson(text);
  if (!isObj(root)) throw malformed('expected an object');
  const summary = str(root, 'summary', 'episode').trim();
  if (!summary) throw malformed('episode.summary is empty');
  return {
    summary,
    entityIds: strArray(root, 'entityIds', 'episode')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean)
      .slice(0, 30),
    importance: num01(root, 'importance', 'episode'),
  };
}

export interface Verdict {
  contradicts: boolean;
  confidence: number;
  description: string;
}

export function parseVerdict(text: string): Verdict {
  const root = parseJson(text);
  if (!isObj(root) || typeof root.contradicts !== 'boolean') throw malformed('expected {"contradicts": boolean, …}');
  return {
    contradicts: root.contradicts,
    confidence: num01(root, 'confidence', 'verdict'),
    description: str(root, 'description', 'verdict'),
  };
}
