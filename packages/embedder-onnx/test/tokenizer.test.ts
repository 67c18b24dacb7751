import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tokenizerFromJson } from '@engram/embedder-onnx';
import { testModelDir } from './model-location';

const SPECIALS = ['[PAD]', '[UNK]', '[CLS]', '[SEP]'];

function tinyTokenizerJson(
  words: string[],
  normalizer: Record<string, unknown> | null = {
    type: 'BertNormalizer',
    clean_text: true,
    handle_chinese_chars: true,
    strip_accents: null,
    lowercase: true,
  },
) {
  const vocab = Object.fromEntries([...SPECIALS, ...words].map((w, i) => [w, i]));
  return {
    normalizer,
    pre_tokenizer: { type: 'BertPreTokenizer' },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 12,
      vocab,
    },
  };
}

describe('WordPiece tokenizer (tiny vocab)', () => {
  const tok = tokenizerFromJson(tinyTokenizerJson(['un', '##aff', '##able', 'aff', '!', 'hello', '北', '##s']));
  const [PAD, UNK, CLS, SEP, UN, AFF_CONT, ABLE, AFF, BANG, HELLO, BEI, S] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];

  it('splits words greedily into the longest known pieces, between [CLS] and [SEP]', () => {
    expect(tok.encode('Unaffable hello!', 64)).toEqual({
      ids: [CLS, UN, AFF_CONT, ABLE, HELLO, BANG, SEP],
      typeIds: [0, 0, 0, 0, 0, 0, 0],
    });
    expect(tok.encode('aff hellos', 64).ids).toEqual([CLS, AFF, HELLO, S, SEP]);
  });

  it('maps a word with an unknown remainder, or longer than max_input_chars_per_word, to a single [UNK]', () => {
    expect(tok.encode('unaffz hello', 64).ids).toEqual([CLS, UNK, HELLO, SEP]);
    expect(tok.encode('unaffableunaffable', 64).ids).toEqual([CLS, UNK, SEP]);
  });

  it('encodes a pair as [CLS] a [SEP] b [SEP]; the shorter side keeps at most half, the longer (b on a tie) the rest', () => {
    expect(tok.encodePair('hello', 'aff!', 64)).toEqual({
      ids: [CLS, HELLO, SEP, AFF, BANG, SEP],
      typeIds: [0, 0, 0, 1, 1, 1],
    });
    const h = (n: number) => Array<string>(n).fill('hello').join(' ');
    const ids = (na: number, nb: number) => [
      CLS,
      ...Array<number>(na).fill(HELLO),
      SEP,
      ...Array<number>(nb).fill(AFF),
      SEP,
    ];
    const a = (n: number) => Array<string>(n).fill('aff').join(' ');
    expect(tok.encodePair(h(6), a(6), 12).ids).toEqual(ids(4, 5));
    expect(tok.encodePair(h(30), a(20), 12).ids).toEqual(ids(5, 4));
    expect(tok.encodePair(h(2), a(20), 12).ids).toEqual(ids(2, 7));
    expect(() => tok.encodePair('a', 'b', 2)).toThrow(/maxLength/);
  });

  it('treats each CJK ideograph as a word', () => {
    expect(tok.encode('北北京', 64).ids).toEqual([CLS, BEI, BEI, UNK, SEP]);
  });

  it('truncates to maxLength tokens including the special ones, and encodes empty text as [CLS][SEP]', () => {
    expect(tok.encode('hello hello hello hello', 4).ids).toEqual([CLS, HELLO, HELLO, SEP]);
    expect(tok.encode('', 8).ids).toEqual([CLS, SEP]);
    expect(tok.padId).toBe(PAD);
    expect(() => tok.encode('x', 1)).toThrow(/maxLength/);
  });

  it('refuses a tokenizer.json it cannot read, with the reason', () => {
    expect(() => tokenizerFromJson({ model: { type: 'NoSuchModel', vocab: {} } })).toThrow(
      expect.objectContaining({ code: 'UNSUPPORTED' }),
    );
    expect(() => tokenizerFromJson({ model: { type: 'WordPiece', vocab: { '[UNK]': 0 } } })).toThrow(/no \[CLS\]/);
  });
});

describe('WordPiece tokenizer with a RoBERTa-style post-processor (MPNet)', () => {
  const vocab = Object.fromEntries(['<s>', '<pad>', '</s>', '[UNK]', 'hello', 'world'].map((w, i) => [w, i]));
  const tok = tokenizerFromJson({
    normalizer: { type: 'BertNormalizer', lowercase: true },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    model: { type: 'WordPiece', unk_token: '[UNK]', vocab },
    padding: { pad_id: 1 },
    post_processor: { type: 'RobertaProcessing', cls: ['<s>', 0], sep: ['</s>', 2] },
  });

  it('wraps a text in <s> … </s>, pads with <pad>, and joins a pair with </s></s> and one token type', () => {
    expect(tok.encode('Hello world', 8)).toEqual({ ids: [0, 4, 5, 2], typeIds: [0, 0, 0, 0] });
    expect(tok.padId).toBe(1);
    expect(tok.encodePair('hello', 'world', 8)).toEqual({ ids: [0, 4, 2, 2, 5, 2], typeIds: [0, 0, 0, 0, 0, 0] });
  });

  it('reads the same framing from a TemplateProcessing, and refuses shapes and post-processors it does not know', () => {
    const special = (id: string, typeId = 0) => ({ SpecialToken: { id, type_id: typeId } });
    const sequence = (id: string, typeId = 0) => ({ Sequence: { id, type_id: typeId } });
    const template = {
      type: 'TemplateProcessing',
      single: [special('<s>'), sequence('A'), special('</s>')],
      pair: [special('<s>'), sequence('A'), special('</s>'), sequence('B', 1), special('</s>', 1)],
    };
    const t = tokenizerFromJson({
      model: { type: 'WordPiece', unk_token: '[UNK]', vocab },
      post_processor: template,
    });
    expect(t.encode('hello', 8).ids).toEqual([0, 4, 2]);
    expect(t.encodePair('hello', 'world', 8)).toEqual({ ids: [0, 4, 2, 5, 2], typeIds: [0, 0, 0, 1, 1] });
    const withPost = (post: unknown) => () =>
      tokenizerFromJson({ model: { type: 'WordPiece', unk_token: '[UNK]', vocab }, post_processor: post });
    expect(withPost({ ...template, single: [sequence('A'), special('</s>')] })).toThrow(
      /TemplateProcessing other than SPECIAL \$A SPECIAL/,
    );
    expect(withPost({ type: 'ByteLevel' })).toThrow(/post_processor ByteLevel/);
  });
});

// Expected ids come from the Hugging Face `tokenizers` library (0.22, Rust) on the same tokenizer.json.
const REFERENCE: Array<[string, number[]]> = [
  ['Hello, world!', [101, 7592, 1010, 2088, 999, 102]],
  [
    "The café's naïve résumé costs $12.50",
    [101, 1996, 7668, 1005, 1055, 15743, 13746, 5366, 1002, 2260, 1012, 2753, 102],
  ],
  ['unaffable tokenization', [101, 14477, 20961, 3468, 19204, 3989, 102]],
  ['我喜欢北京烤鸭 and 东京', [101, 1855, 100, 100, 1781, 1755, 100, 100, 1998, 100, 1755, 102]],
  ['  tabs\tand\nnewlines\u200b here ', [101, 21628, 2015, 1998, 2047, 12735, 2182, 102]],
  ['xqzvkwpfj', [101, 1060, 4160, 2480, 2615, 2243, 2860, 14376, 3501, 102]],
  ["Don't stop-believing!!", [101, 2123, 1005, 1056, 2644, 1011, 8929, 999, 999, 102]],
];

// Pairs (cross-encoder input) with longest_first truncation, same reference: [maxLength, a, b, ids, typeIds].
const PAIR_REFERENCE: Array<[number, string, string, number[], number[]]> = [
  [
    12,
    'where did caroline go hiking last summer',
    'caroline went hiking in the rocky mountains with her dog in july',
    [101, 2073, 2106, 7981, 2175, 102, 7981, 2253, 13039, 1999, 1996, 102],
    [0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1],
  ],
  [
    10,
    'a b c d e f g',
    'x y',
    [101, 1037, 1038, 1039, 1040, 1041, 102, 1060, 1061, 102],
    [0, 0, 0, 0, 0, 0, 0, 1, 1, 1],
  ],
  [
    9,
    'one two',
    'three four five six seven',
    [101, 2028, 2048, 102, 2093, 2176, 2274, 2416, 102],
    [0, 0, 0, 0, 1, 1, 1, 1, 1],
  ],
  [
    64,
    'Short question?',
    'Short answer.',
    [101, 2460, 3160, 1029, 102, 2460, 3437, 1012, 102],
    [0, 0, 0, 0, 0, 1, 1, 1, 1],
  ],
];

const tokenizerPath = join(testModelDir(), 'tokenizer.json');
describe.skipIf(!existsSync(tokenizerPath))(
  `WordPiece tokenizer on the real all-MiniLM-L6-v2 vocab (${tokenizerPath}; absent: run \`npx tsx infra/models/test-model.ts\`)`,
  () => {
    it('gives the same ids as the reference implementation', () => {
      const tok = tokenizerFromJson(JSON.parse(readFileSync(tokenizerPath, 'utf8')));
      expect(tok.vocabSize).toBe(30522);
      for (const [text, ids] of REFERENCE) expect(tok.encode(text, 256).ids, text).toEqual(ids);
    });

    it('encodes pairs and truncates them as the reference does', () => {
      const tok = tokenizerFromJson(JSON.parse(readFileSync(tokenizerPath, 'utf8')));
      for (const [max, a, b, ids, typeIds] of PAIR_REFERENCE)
        expect(tok.encodePair(a, b, max), `${a} | ${b}`).toEqual({ ids, typeIds });
    });
  },
);
