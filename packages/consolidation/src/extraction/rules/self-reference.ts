import type { KnownFact } from './clause';

/**
 * The user named in the third person is the user: "Ever since Ingrid — that's me — moved to …",
 * "Tomás (yes, me) switched to …", and, once the user's name is known, "Ingrid moved to …" as the
 * subject of a clause. Rewritten to the first person before the clause rules read the message, so
 * every rule that reads "I …" reads these too. Chinese: "我（王建国）" needs nothing; a known name as
 * the subject ("建国搬到了上海") is the user too.
 */
const EN_APPOSITIVE =
  /(?<![\p{L}])(\p{Lu}[\p{L}'’-]+)\s*(?:,|\(|—|–|\s-)\s*(?:(?:that\s+is|that's|that’s|i\.e\.|aka|yes|yep|i\s+mean|as\s+in)\s*,?\s*)?(?:me|myself|yours\s+truly)\s*(?:,|\)|—|–|-\s)\s*/gu;
const EN_LEADS = String.raw`(?:^|[.!?;]\s+|,\s+|\b(?:since|that|after|when|because|and|but|so|now|once|until|as)\s+)`;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function knownNames(known: readonly KnownFact[]): string[] {
  const out = new Set<string>();
  for (const k of known) {
    if (k.key !== 'user.name' || !k.object) continue;
    const full = k.object.trim();
    if (full.length >= 2) out.add(full);
    const first = full.split(/\s+/)[0]!;
    if (first.length >= 3 && /^\p{Lu}/u.test(first)) out.add(first);
    // 王建国 is also 建国
    if (/^[\u4e00-\u9fff]{3}$/u.test(full)) out.add(full.slice(1));
  }
  return [...out].sort((a, b) => b.length - a.length);
}

export function selfReferences(text: string, lang: 'en' | 'zh', known: readonly KnownFact[]): string {
  let t = lang === 'en' ? text.replace(EN_APPOSITIVE, (_m, _name: string) => 'I ') : text;
  for (const name of knownNames(known)) {
    if (lang === 'en' && !/[\u4e00-\u9fff]/u.test(name)) {
      // a verb follows the name (not "Ingrid's", not "Ingrid and …", not an address "Ingrid, …")
      const subject = new RegExp(
        `(${EN_LEADS})${escape(name)}(?=\\s+(?!and\\b|or\\b|is\\s+(?:a|my)\\s+friend)[a-z]{2,})`,
        'gu',
      );
      t = t.replace(subject, (_m, lead: string) => `${lead}I`);
    } else if (lang === 'zh' && /[\u4e00-\u9fff]/u.test(name)) {
      const subject = new RegExp(
        `(^|[。！？!?；;，,])${escape(name)}(?=(?:已经|刚|最近|上个月|去年|今年)*(?:搬|住|换|跳槽|入职|离职|辞职|转|改|开始|在|是|当|做|养|买|卖))`,
        'gu',
      );
      t = t.replace(subject, (_m, lead: string) => `${lead}我`);
    }
  }
  return t.replace(/\bI\s+I\b/g, 'I');
}
