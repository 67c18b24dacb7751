/**
 * A move said with "there"/"here" (过来/这边) names its place elsewhere in the message: "Can you
 * find me a pediatrician in Charlotte? We just relocated there." → "… We just relocated to
 * Charlotte." The place is the last one the message named before (a capitalised name after
 * in/to/near/around; in Chinese a name the request is about: 推荐一下杭州的…, 在杭州有…). Without
 * such a place the text is left as it is.
 */
const EN_MOVE =
  /\b((?:i|we)(?:'ve|\s+have)?\s+(?:just\s+|recently\s+|finally\s+|also\s+)?(?:moved|relocated|settled(?:\s+down)?))\s+(?:over\s+|out\s+|down\s+|up\s+)?(?:here|there)\b/i;
const EN_PLACE = /\b(?:in|to|near|around|into)\s+((?:[A-Z][a-z]+)(?:\s+[A-Z][a-z]+){0,2})/g;
const ZH_MOVE =
  /(我们?|咱们)(?:也)?(刚刚?|最近|上个月|前不久|去年|今年)?(?:才)?(?:搬|搬家)(?:过来|到这里|到这边|来这里|来这边|到这儿|来这儿)(?:了)?/u;
const ZH_PLACE =
  /(?:推荐|介绍|找|问问?|请问)(?:一下|几个|个)?([\u4e00-\u9fff]{2,4}?)(?:的|有|哪|附近|这边|那边)|在([\u4e00-\u9fff]{2,4}?)(?:有|的|附近|哪)/gu;
const NOT_PLACE_ZH = /^(?:这里|那里|这边|那边|附近|周末|早上|晚上|一下|你们|我们|好吃|好玩|便宜)$/u;

export function resolveDeicticMoves(text: string, lang: 'en' | 'zh'): string {
  if (lang === 'en') {
    const m = EN_MOVE.exec(text);
    if (!m) return text;
    const places = [...text.slice(0, m.index).matchAll(EN_PLACE)]
      .map((p) => p[1]!)
      .filter((p) => !/^(?:I|The|My|Our|Can|Could|Any)$/.test(p));
    const place = places[places.length - 1];
    return place ? `${text.slice(0, m.index)}${m[1]} to ${place}${text.slice(m.index + m[0].length)}` : text;
  }
  const m = ZH_MOVE.exec(text);
  if (!m) return text;
  const places = [...text.slice(0, m.index).matchAll(ZH_PLACE)]
    .map((p) => p[1] ?? p[2]!)
    .filter((p) => !NOT_PLACE_ZH.test(p));
  const place = places[places.length - 1];
  return place
    ? `${text.slice(0, m.index)}${m[1]}${m[2] ?? ''}搬到${place}了${text.slice(m.index + m[0].length)}`
    : text;
}
