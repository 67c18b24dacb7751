import { EngramError } from '@engram/core';
import type { SubwordTokenizer } from './subword-tokenizer';

type TemplatePiece = { SpecialToken?: { id: string; type_id?: number }; Sequence?: { id: string; type_id?: number } };

/**
 * A tokenizer.json `post_processor`: BertProcessing ([CLS] a [SEP]), RobertaProcessing (<s> a </s>,
 * pairs <s> a </s></s> b </s>) or a TemplateProcessing of the same shape.
 */
export type PostProcessorJson = {
  type?: string;
  cls?: [string, number];
  sep?: [string, number];
  single?: TemplatePiece[];
  pair?: TemplatePiece[];
} | null;

/** The special tokens around a text, and between the two texts of a pair, as a post-processor puts them. */
export interface Framing {
  cls: string;
  sep: string;
  /** How many separators stand between the two texts of a pair. */
  pairSeps: number;
  /** Token type of the second text and its closing separator. */
  secondType: number;
}

function unsupported(what: string): never {
  throw new EngramError(
    'UNSUPPORTED',
    `tokenizer.json: ${what} (post-processors: BertProcessing, RobertaProcessing, TemplateProcessing of their shape)`,
  );
}

/** The framing a post-processor describes; none means BERT's [CLS] a [SEP] b [SEP]. */
export function framingOf(post: PostProcessorJson | undefined): Framing {
  if (!post) return { cls: '[CLS]', sep: '[SEP]', pairSeps: 1, secondType: 1 };
  if (post.type === 'BertProcessing' || post.type === 'RobertaProcessing') {
    const roberta = post.type === 'RobertaProcessing';
    return {
      cls: post.cls?.[0] ?? (roberta ? '<s>' : '[CLS]'),
      sep: post.sep?.[0] ?? (roberta ? '</s>' : '[SEP]'),
      pairSeps: roberta ? 2 : 1,
      secondType: roberta ? 0 : 1,
    };
  }
  if (post.type === 'TemplateProcessing') {
    const single = post.single ?? [];
    const [first, seq, last] = single;
    if (single.length !== 3 || !first?.SpecialToken || seq?.Sequence?.id !== 'A' || !last?.SpecialToken)
      unsupported('a TemplateProcessing other than SPECIAL $A SPECIAL');
    const pair = post.pair ?? [];
    const b = pair.findIndex((p) => p.Sequence?.id === 'B');
    const middle = pair.slice(2, b);
    if (
      b < 0 ||
      pair[1]?.Sequence?.id !== 'A' ||
      middle.length === 0 ||
      middle.some((p) => p.SpecialToken?.id !== last.SpecialToken!.id)
    )
      unsupported('a TemplateProcessing pair other than SPECIAL $A SEP… $B SEP');
    return {
      cls: first.SpecialToken.id,
      sep: last.SpecialToken.id,
      pairSeps: middle.length,
      secondType: pair[b]!.Sequence!.type_id ?? 1,
    };
  }
  return unsupported(`post_processor ${post.type}`);
}

/**
 * A SubwordTokenizer from a subword model's pieces and its framing: single texts cut to fit, pairs
 * cut with the `longest_first` strategy of `tokenizers`. `pieces(text, budget)` may stop once it
 * has `budget` pieces.
 */
export function framedTokenizer(o: {
  vocabSize: number;
  padId: number;
  clsId: number;
  sepId: number;
  framing: Framing;
  pieces: (text: string, budget: number) => number[];
}): SubwordTokenizer {
  const { clsId, sepId, framing } = o;
  const pairSeps = new Array<number>(framing.pairSeps).fill(sepId);
  const checkMax = (maxLength: number, min: number) => {
    if (!Number.isInteger(maxLength) || maxLength < min)
      throw new EngramError('VALIDATION_FAILED', `maxLength must be an integer ≥ ${min}, got ${maxLength}`);
  };
  return {
    vocabSize: o.vocabSize,
    padId: o.padId,
    encode(text, maxLength) {
      checkMax(maxLength, 2);
      const ids = [clsId, ...o.pieces(text, maxLength - 2).slice(0, maxLength - 2), sepId];
      return { ids, typeIds: new Array<number>(ids.length).fill(0) };
    },
    encodePair(a, b, maxLength) {
      checkMax(maxLength, pairSeps.length + 2);
      const budget = maxLength - pairSeps.length - 2;
      // Whole lengths decide which side is longer, so neither is cut early.
      const pa = o.pieces(a, Infinity);
      const pb = o.pieces(b, Infinity);
      let na = pa.length;
      let nb = pb.length;
      if (na + nb > budget) {
        // As `tokenizers` does: the shorter side keeps at most half, the longer (b on a tie) the rest.
        const keepShort = Math.min(Math.min(na, nb), Math.floor(budget / 2));
        if (na > nb) [nb, na] = [keepShort, budget - keepShort];
        else [na, nb] = [keepShort, budget - keepShort];
      }
      const ids = [clsId, ...pa.slice(0, na), ...pairSeps, ...pb.slice(0, nb), sepId];
      const typeIds = ids.map((_, i) => (i >= na + 1 + pairSeps.length ? framing.secondType : 0));
      return { ids, typeIds };
    },
  };
}
