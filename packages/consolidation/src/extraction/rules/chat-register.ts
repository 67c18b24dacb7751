import { wordTable } from '@engram/core';

/**
 * Chat writing in the standard form the clause rules read, before anything else: "im 210 lbs rn
 * lol" is "I'm 210 lbs now", "quit teaching!!!" is "quit teaching!", a flag or other emoji is a
 * space, "離職了啦" is "離職了", "本人是程序员一枚" is "我是程序员". Only spellings that have one
 * reading in a user's message are rewritten; the user's own words stay in the stored message.
 */

const EN_SHORTHAND: Record<string, string> = wordTable({
  im: "I'm",
  ive: "I've",
  dont: "don't",
  doesnt: "doesn't",
  didnt: "didn't",
  cant: "can't",
  isnt: "isn't",
  wasnt: "wasn't",
  arent: "aren't",
  havent: "haven't",
  hasnt: "hasn't",
  rn: 'now',
  atm: 'now',
  wk: 'week',
  wks: 'weeks',
  yr: 'year',
  yrs: 'years',
  fav: 'favourite',
  fave: 'favourite',
  ur: 'your',
  cuz: 'because',
  bc: 'because',
  bf: 'boyfriend',
  gf: 'girlfriend',
  hubby: 'husband',
  thx: 'thanks',
});
/** Lower case or capitalised only: "ATM", "IM" and "BF" in capitals are words of their own. */
const EN_SHORTHAND_RE =
  /(?<![\p{L}\p{N}'’-])(im|ive|dont|doesnt|didnt|cant|isnt|wasnt|arent|havent|hasnt|rn|atm|wk|wks|yrs?|fave?|ur|cuz|bc|bf|gf|hubby|thx)(?![\p{L}\p{N}'’-])/giu;
/** Laughter and chat tags that carry no statement ("Long story lol.", "tbh"). */
const EN_TAGS = /(?<![\p{L}'’-])(?:lol+|lmao+|rofl|haha(?:ha)*|hehe+|xd|tbh|imo|imho|ngl|smh)(?![\p{L}'’-])[!.,]*/giu;
/** Emoji, skin tones, joiners and flags (regional indicator pairs are not pictographic). */
const EMOJI = /[\p{Extended_Pictographic}\u{1F1E6}-\u{1F1FF}\u{1F3FB}-\u{1F3FF}\u{FE0F}\u{200D}\u{20E3}]+/gu;

const ZH_SPELLINGS: Record<string, string> = wordTable({
  木有: '没有',
  神马: '什么',
  肿么: '怎么',
  盆友: '朋友',
  灰常: '非常',
  酱紫: '这样子',
  本宝宝: '我',
  俺: '我',
});
const ZH_SPELLINGS_RE = /木有|神马|肿么|盆友|灰常|酱紫|本宝宝|俺/gu;
/** A sentence-final particle or laughter after a statement ("离职了啦", "搬家了哈哈哈", "上班啦~"). */
const ZH_TAIL = /(?:啦|呀|嘛|咯|喽|哦|噢|呗|哈+|嘿嘿|呵呵|嘻嘻|[~～]+)+(?=[，,。！!？?；;\s]|$)/gu;
/** 本人 as the subject, and a self-description closed with 一枚/一个 ("程序员一枚"). */
const ZH_SELF = /(^|[，,。！!？?；;\s])本人(?=是|在|住|做|叫|今年|已经|现在|目前)/gu;
const ZH_ONE_OF = /(?<=[\u4e00-\u9fff])一枚(?=[，,。！!？?；;\s]|$)/gu;

const CJK = /[\u3400-\u9fff]/u;

export function chatRegister(text: string): string {
  // an emoji between two statements ends the first ("走了😢 上周领养了…"); elsewhere it is dropped
  let t = text
    .replace(
      new RegExp(`(?<=[\\p{L}\\p{N}])\\s*(?:${EMOJI.source})\\s*(?=[\\p{L}\\p{N}])`, 'gu'),
      (_m, at: number, all: string) => (CJK.test(all[at - 1] ?? '') ? '。' : '. '),
    )
    .replace(EMOJI, ' ')
    .replace(/([!?！？])\1+/gu, '$1');
  if (CJK.test(t)) {
    t = t
      .replace(ZH_SPELLINGS_RE, (w) => ZH_SPELLINGS[w] ?? w)
      .replace(ZH_SELF, '$1我')
      .replace(ZH_ONE_OF, '')
      .replace(ZH_TAIL, '');
  }
  if (/[A-Za-z]/.test(t)) {
    t = t
      .replace(EN_TAGS, ' ')
      .replace(EN_SHORTHAND_RE, (w) => {
        if (w.length > 1 && w === w.toUpperCase()) return w;
        return EN_SHORTHAND[w.toLowerCase()] ?? w;
      })
      // a lower-case "i" is the pronoun ("i live in manchester"), never "i.e."
      .replace(/(?<![\p{L}\p{N}'’.-])i(?=\s|['’](?:m|ve|d|ll)\b)/gu, 'I');
  }
  // "quick update: 1) new job at Microsoft 2) got a puppy", "1. 换工作了 2. 开始健身": each item is a statement
  // (only a numbered list: a "1" item and a "2" item, so "they are 5 and 7. I…" keeps its numbers)
  if (/(?:^|[\s:：，,])1[).、）]/u.test(t) && /[\s，,]2[).、）]/u.test(t))
    t = t.replace(/(?:^|[:：，,]?\s+|[:：，,])\d{1,2}(?:[)）]|[.、](?=\s*\D))\s*/gu, () => (CJK.test(t) ? '。' : '. '));
  t = t.replace(/(?:^|\s+)[•·]\s*/gu, () => (CJK.test(t) ? '。' : '. '));
  return t
    .replace(/^[.。]\s*/u, '')
    .replace(/[ \t]+([,.!?;:，。！？；：])/gu, '$1')
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}
