import { describe, expect, it } from 'vitest';
import { contentSearchTerms, searchTerms, stem, tokenize } from '@engram/core';

describe('Porter2 stemmer', () => {
  it('gives the published Snowball stems', () => {
    // Pairs from the Snowball English sample vocabulary.
    const expected: Record<string, string> = {
      consign: 'consign',
      consigned: 'consign',
      consignment: 'consign',
      consistency: 'consist',
      consolingly: 'consol',
      conspiracy: 'conspiraci',
      constables: 'constabl',
      knackeries: 'knackeri',
      kneeling: 'kneel',
      knightly: 'knight',
      knitting: 'knit',
      knives: 'knive',
      generously: 'generous',
      relational: 'relat',
      hopefulness: 'hope',
      sensibility: 'sensibl',
      adoption: 'adopt',
      cries: 'cri',
      ties: 'tie',
      hoping: 'hope',
      hopping: 'hop',
      caresses: 'caress',
      gas: 'gas',
      skies: 'sky',
      dying: 'die',
      news: 'news',
      succeed: 'succeed',
      say: 'say',
      happy: 'happi',
    };
    for (const [word, s] of Object.entries(expected)) expect([word, stem(word)]).toEqual([word, s]);
  });

  it('maps inflections of one word to one stem', () => {
    expect(new Set(['live', 'lives', 'lived', 'living'].map(stem))).toEqual(new Set(['live']));
    expect(new Set(['prefer', 'prefers', 'preferred', 'preferring'].map(stem))).toEqual(new Set(['prefer']));
  });

  it('leaves short words, numbers, contractions, non-ASCII words and CJK alone', () => {
    for (const t of ['is', 'as', '2024', "don't", 'café', 'straße', '北京', '喝咖', 'b2b']) expect(stem(t)).toBe(t);
  });

  it('stems words that are names of Object.prototype members as words', () => {
    expect(stem('constructor')).toBe('constructor');
    expect(stem('constructors')).toBe('constructor');
    expect(typeof stem('valueof')).toBe('string');
  });
});

describe('searchTerms', () => {
  it('is tokenize with ASCII words stemmed; CJK bigrams unchanged', () => {
    expect(searchTerms('User lives in Berlin')).toEqual(['user', 'live', 'in', 'berlin']);
    expect(searchTerms('我每天早上喝咖啡')).toEqual(tokenize('我每天早上喝咖啡'));
    expect(tokenize('User lives in Berlin')).toEqual(['user', 'lives', 'in', 'berlin']);
  });

  it('drops stop words before stemming for query content terms', () => {
    // "does" is a stop word; its stem "doe" must not become a content term.
    expect(contentSearchTerms('Where does Alice live? Alice LIVES')).toEqual(['alic', 'live']);
  });
});
