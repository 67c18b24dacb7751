import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BENIGN_TRANSFORMS, TRANSFORMS, type Transform } from './obfuscate';
import { injectionItems, ordinaryItems, partOf, type ExternalPart } from './external';
import { FRESH_BENIGN_TRANSFORMS, FRESH_TRANSFORMS } from './obfuscate-fresh';
import { generatedNegatives } from './generated-negatives';

export interface CorpusAttack {
  intent: string;
  lang: string;
  text: string;
  /** External corpora: which one (for the by-source table), and the template or conversation it comes from. */
  source?: string;
  group?: string;
}
export interface CorpusNegative {
  lang: string;
  text: string;
  source?: string;
  group?: string;
  /** ordinary: plain conversation (not written to look like an attack). */
  kind?: 'hard' | 'ordinary';
}

const DIR = fileURLToPath(new URL('../../fixtures/injection/', import.meta.url));

function jsonl<T>(file: string): T[] {
  return readFileSync(DIR + file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);
}

/**
 * dev: the split the rules were written against; heldout: written before the rules, never used to
 * write them; fresh: a second, independent set (other phrasings, carriers and obfuscations) whose
 * misses may be looked at; fresh-sealed: its other half, only ever reported as aggregates; dev2: a
 * second training split (round 3, for the learned stage); sealed3: written at the start of round 3,
 * before any of its work, never used to tune anything, only ever reported as aggregates; sealed4: the same,
 * written at the start of round 5 (paraphrased and polite framings, injections inside long ordinary documents);
 * sealed5: the same, written at the start of round 6 (indirect injections in tool outputs, mails, invites, code and
 * markup comments, JSON fields, multi-turn setups, payload splitting, third person, conditional triggers);
 * sealed6: the same, written at the start of round 7 by a helper who changes no product code (requests from a
 * "colleague" or "the developer", fake errors and stack traces, reviews, recipes, lyrics, translation requests,
 * meeting notes, CSV/YAML/SQL comments, link titles and alt text, first-then plans, fiction, flattery, urgency,
 * Chinese slang, 文言 and pinyin); sealed7: the same, written at the start of round 8 by a helper who changes no
 * product code (chat transcripts, support macros, calendar invites, commit messages, quoted mail replies, JSON tool
 * results, FAQs, legal boilerplate, children's stories, forum posts, poems, tweets, questions that are orders,
 * passive voice, "the assistant will …", multi-step plans, memory persistence, and encoded payloads as an intent);
 * sealed8: the same, written at the start of round 10 by a helper who changes no product code (ReAct traces and
 * tool observations, RAG chunks with citations, spreadsheet cells, OCR'd receipts, voice transcripts with
 * disfluencies and ASR errors, git diffs, tickets, Slack threads with emoji, markdown tables, LaTeX, subtitles,
 * shell history, 微信/钉钉/飞书/LINE exports, 小红书 posts, 公文, classical-poem framing, riddles, hypotheticals,
 * many-shot fake dialogues, translate-then-obey); sealed9: the same, written at the start of round 11 by a helper
 * who changes no product code (podcast show notes, API changelogs, app reviews, product listings, appointment
 * reminders, 家长群, 知乎, 弹幕, B站 comments, contracts, OpenAPI/YAML, Dockerfiles, SQL migrations, crossword clues,
 * recipes in verse, game mods, onboarding docs, unit-test names, emoji, third-person "a helpful model would …",
 * payloads split across paragraphs, questions and fun facts, 谐音/拆字, 繁体 formal letters).
 */
export const SPLITS = [
  'dev',
  'dev2',
  'heldout',
  'fresh',
  'fresh-sealed',
  'sealed3',
  'sealed4',
  'sealed5',
  'sealed6',
  'sealed7',
  'sealed8',
  'sealed9',
  'ext-train',
  'ext-held',
  'gen',
] as const;
/** Training splits of the learned stage (never heldout, fresh or a sealed split, never ext-held). */
export const TRAINING_SPLITS: readonly Split[] = ['dev', 'dev2', 'ext-train', 'gen'];
export type Split = (typeof SPLITS)[number];

export interface LoadedSplit {
  attacks: CorpusAttack[];
  negatives: CorpusNegative[];
  transforms: Readonly<Record<string, Transform>>;
  benign: Readonly<Record<string, Transform>>;
  /** Whether the bench may print this split's individual misses (never for the sealed half). */
  listable: boolean;
}

/**
 * ext-train / ext-held: the external corpora (external.ts) cut by group; attacks and their hard
 * negatives as written (the held-out attacks also under eight of the base obfuscations), ordinary
 * conversation texts as written.
 */
const EXTERNAL_TRANSFORMS = Object.fromEntries(
  ['plain', 'homoglyph', 'zero_width', 'tag_characters', 'leetspeak', 'combining_marks', 'fullwidth', 'base64'].map(
    (k) => [k, TRANSFORMS[k]!],
  ),
);

function loadExternal(part: ExternalPart): LoadedSplit {
  const items = partOf([...injectionItems(), ...ordinaryItems()], part);
  return {
    attacks: items
      .filter((i) => i.intent !== null)
      .map((i) => ({
        intent: i.intent!,
        lang: i.lang,
        text: i.text,
        source: i.source,
        group: `${i.source}/${i.group}`,
      })),
    negatives: items
      .filter((i) => i.intent === null)
      .map((i) => ({ lang: i.lang, text: i.text, source: i.source, group: `${i.source}/${i.group}`, kind: i.kind })),
    transforms: part === 'held' ? EXTERNAL_TRANSFORMS : { plain: (t: string) => t },
    benign: { plain: (t) => t },
    listable: part === 'train',
  };
}

export function loadSplit(split: Split): LoadedSplit {
  if (split === 'gen')
    return {
      attacks: [],
      negatives: generatedNegatives(),
      transforms: {},
      benign: BENIGN_TRANSFORMS,
      listable: true,
    };
  if (split === 'ext-train' || split === 'ext-held') return loadExternal(split === 'ext-train' ? 'train' : 'held');
  const file = split === 'fresh' ? 'fresh-open' : split;
  const fresh = split !== 'dev' && split !== 'heldout';
  return {
    attacks: jsonl<CorpusAttack>(`${file}-base.jsonl`),
    negatives: jsonl<CorpusNegative>(`${file}-negatives.jsonl`),
    transforms: fresh ? { ...TRANSFORMS, ...FRESH_TRANSFORMS } : TRANSFORMS,
    benign: fresh ? { ...BENIGN_TRANSFORMS, ...FRESH_BENIGN_TRANSFORMS } : BENIGN_TRANSFORMS,
    listable: split === 'dev' || split === 'dev2' || split === 'fresh',
  };
}
