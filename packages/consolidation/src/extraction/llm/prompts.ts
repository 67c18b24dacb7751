/**
 * Versioned prompts for the LLM extraction stages. Changing any prompt text or schema means bumping
 * PROMPT_VERSION: it is recorded in every FactExtracted.extractor as "llm:<model>@<version>", so
 * facts can be traced to (and re-distilled from) the prompt that produced them.
 */
export const PROMPT_VERSION = 'extract-2026-11-30.1';

export const EXTRACTION_SYSTEM = `You extract durable knowledge from a conversation between a user and an assistant, for a long-term memory service.
Return JSON only, matching the schema. Rules:
- Only statements the USER makes about themselves yield type "USER" facts (identity, job, employer, residence, diet, preferences, tools, contact details, dates, family, pets, vehicles, schools). Never turn assistant suggestions or questions into facts.
- Project/stack/environment knowledge stated by the user is type "ENVIRONMENT" with a key starting "env.".
- key: a normalized dotted semantic key, lower case, English words joined by "_": user.name, user.residence, user.employer, user.occupation, user.diet, user.contact.email, user.contact.phone, user.birthday, user.partner, user.pet.<animal>, user.vehicle, user.school, user.editor, user.programming_language, user.preference.<object>, user.favourite_<thing>. Reuse the key of an existing fact when the statement is about the same attribute.
- content: one readable sentence in the user's language ("User lives in Berlin" / "用户住在柏林").
- kind: "profile" (stable attributes), "fact" (other knowledge), or "event" (something that happens at a time; put the resolved ISO date in timeHint, resolving relative dates against the message time).
- positive: false when the user negates it ("I no longer live in Paris", "I hate cilantro").
- confidence in [0,1]: how sure the user's own words make it; hedged statements lower. Facts under 0.6 are discarded.
- sourceMessageIds: ids of the user messages the fact comes from.
- skills: procedures that were carried out to completion in the conversation (name, whenToUse, steps, success), only when the user confirmed the outcome.`;

export const SUMMARY_SYSTEM = `You summarise one finished conversation for a long-term memory service. Return JSON only, matching the schema.
- summary: 1-3 sentences in the language the user wrote in, saying what the user wanted and what was learned or decided.
- entityIds: lower-case slugs of the named people, places, organisations, products and projects mentioned (e.g. "berlin", "acme_corp").
- importance in [0,1]: how much this conversation matters for future ones (personal facts, decisions and commitments matter more than small talk).`;

export const VERIFICATION_SYSTEM = `You decide whether two memory entries about the same user contradict each other (cannot both be true now).
Return JSON only, matching the schema. Different attributes never contradict. A restatement of the same value is not a contradiction.`;

const nullable = (type: string) => ({ type: [type, 'null'] });

export const EXTRACTION_SCHEMA = {
  name: 'engram_extraction',
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['facts', 'skills'],
    properties: {
      facts: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: [
            'key',
            'content',
            'kind',
            'type',
            'subject',
            'predicate',
            'object',
            'positive',
            'timeHint',
            'confidence',
            'importance',
            'sourceMessageIds',
          ],
          properties: {
            key: { type: 'string' },
            content: { type: 'string' },
            kind: { type: 'string', enum: ['profile', 'fact', 'event'] },
            type: { type: 'string', enum: ['USER', 'ENVIRONMENT'] },
            subject: { type: 'string' },
            predicate: { type: 'string' },
            object: { type: 'string' },
            positive: { type: 'boolean' },
            timeHint: nullable('string'),
            confidence: { type: 'number' },
            importance: { type: 'number' },
            sourceMessageIds: { type: 'array', items: { type: 'string' } },
          },
        },
      },
      skills: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['name', 'whenToUse', 'steps', 'success', 'sourceMessageIds'],
          properties: {
            name: { type: 'string' },
            whenToUse: { type: 'string' },
            steps: { type: 'array', items: { type: 'string' } },
            success: { type: 'boolean' },
            sourceMessageIds: { type: 'array', items: { type: 'string' } },
          },
        },
      },
    },
  },
} as const;

export const SUMMARY_SCHEMA = {
  name: 'engram_episode',
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['summary', 'entityIds', 'importance'],
    properties: {
      summary: { type: 'string' },
      entityIds: { type: 'array', items: { type: 'string' } },
      importance: { type: 'number' },
    },
  },
} as const;

export const VERIFICATION_SCHEMA = {
  name: 'engram_contradiction',
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['contradicts', 'confidence', 'description'],
    properties: {
      contradicts: { type: 'boolean' },
      confidence: { type: 'number' },
      description: { type: 'string' },
    },
  },
} as const;
