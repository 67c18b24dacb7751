import { draft, type FactDraft } from './draft';
import type { ClauseContext } from './clause';
import { ZH_ADV } from './chinese-adverbs';
import { cleanChineseObject } from './text';
import { isTimeZone } from './value-shape';
import { chineseCount } from './counts';

/**
 * General Chinese statement frames (issue 17, round 7), matched on Simplified text with or without
 * the subject 我: the first day somewhere (去X报到, 入职X), what the user reads, watches, plays or
 * listens to now (在读《X》, 在追X), the user's time zone (X时间, 东八区, UTC+8), and "我现在在X了"
 * for a known employer. Each names its slot by the kind of value, not by the words around it.
 */

type Rule = (c: string, ctx: ClauseContext) => FactDraft[] | null;
const ME = `^(?:我们?|我家)?${ZH_ADV}`;
const SCHOOL = /(?:大学|学院|学校|中学|小学|高中|初中|研究院|研究所|分校|校区)$/u;
const knows = (ctx: ClauseContext, key: string) => ctx.known.some((k) => k.key === key);

/** 北京时间 / 美西时间 / 东八区 / UTC+8 / GMT-5: a time zone, as a value. */
const ZH_TIMEZONE =
  /((?:UTC|GMT)\s?[+\-−]\s?\d{1,2}(?::?\d{2})?|[东西]\s?(?:[一二三四五六七八九十]{1,3}|\d{1,2})\s?区|[\u4e00-\u9fff]{1,5}?(?:标准)?时间(?=$|[了，,。的来算吧呢])|(?:UTC|GMT|CET|EST|PST|CST|JST|KST|BST|IST|AEST))/u;
/** The zone a span starts with, when it is one as a whole value. */
function zone(v: string): string | null {
  const z = cleanChineseObject(v.replace(/\s+/g, ''));
  return z && isTimeZone(z) ? z : null;
}

export const CHINESE_FRAME_RULES: Rule[] = [
  chineseCount,
  // 上周去小红书报到了 / 我到联发科报到了 / 入职快手了 / 今天去复旦大学报到
  (c) => {
    const m =
      new RegExp(`${ME}(?:去|到|来|在)([^，,。去到来在]{2,14}?)(?:正式)?(?:报到|报道|入职|上班了|上岗)`, 'u').exec(c) ??
      new RegExp(`${ME}(?:正式)?入职(?:了)?(?:到)?([^，,。了]{2,14})(?:了)?$`, 'u').exec(c);
    if (!m) return null;
    const where = cleanChineseObject(m[1]!.replace(/^(?:新的|新)/u, ''));
    if (!where || /^(?:这|那|新|公司|单位|学校|这里|那里|这边|那边)$/u.test(where)) return null;
    return SCHOOL.test(where)
      ? [draft('school', where, 0.82, { content: `用户在${where}上学` })]
      : [draft('employer', where, 0.82)];
  },
  // 现在在读《活着》 / 最近在追《繁花》 / 在看《三体》 / 每天晚上玩黑神话悟空 / 在听《声东击西》
  (c) => {
    const title = new RegExp(
      `${ME}(?:(?:每天|晚上|每晚|天天)+)?(?:正)?(?:在)?(?:改|开始|又|换)?(读|看|追|玩|听|重温|刷)(?:的是)?《([^》]{1,30})》`,
      'u',
    ).exec(c);
    const game = title
      ? null
      : new RegExp(
          `${ME}(?:(?:每天|晚上|每晚|天天|都)+)?(?:正)?在?玩(?:的是)?([A-Za-z\\u4e00-\\u9fff][^，,。了吗呢]{1,12}?)(?:了)?$`,
          'u',
        ).exec(c);
    if (!title && !game) return null;
    if (game) {
      const g = cleanChineseObject(game[1]!);
      if (
        !/(?:游戏|原神|王者|悟空|塞尔达|马里奥|宝可梦|荣耀|联盟|吃鸡|[A-Za-z0-9])/u.test(g) &&
        !/^(?:现在|最近)/u.test(c)
      )
        return null;
      if (/^(?:手机|电脑|游戏$|得|的|了|一会|会儿|过|去|球|牌|麻将)/u.test(g)) return null;
      return [draft('current_game', g, 0.8, { content: `用户在玩${g}` })];
    }
    const [, verb, name] = title!;
    if (verb === '玩') return [draft('current_game', name!, 0.8, { content: `用户在玩《${name}》` })];
    if (verb === '听') return [draft('current_listening', name!, 0.8, { content: `用户在听《${name}》` })];
    const show = verb === '追' || verb === '刷' || /剧|第.季|综艺|动画|番/u.test(c);
    return show
      ? [draft('current_show', name!, 0.8, { content: `用户在追《${name}》` })]
      : [draft('current_book', name!, 0.8, { content: `用户在读《${name}》` })];
  },
  // 我的时区是东八区 / 时区现在是太平洋时间 / 我在北京时间 / 我现在在伦敦时间了 / 以后请按伦敦时间来 / 之后排会议请用美西时间
  (c) => {
    const named = /时区(?:现在|已经|目前)?(?:也)?(?:是|变成了?|改成了?|换成了?|为|在)(.+)$/u.exec(c);
    const inZone = new RegExp(`${ME}(?:人)?在(.+)$`, 'u').exec(c);
    const byZone =
      /(?:以后|之后|今后|往后|从现在起|从现在开始|请|麻烦|都)[^，,。]{0,10}?(?:按|用|以)(.+?)(?:来|算|安排|排|计算|为准)?$/u.exec(
        c,
      );
    for (const m of [named, inZone, byZone]) {
      if (!m) continue;
      const z = ZH_TIMEZONE.exec(m[1]!);
      if (!z || z.index > 2) continue;
      const v = zone(z[1]!);
      if (v) return [draft('timezone', v, 0.82, { content: `用户的时区是${v}` })];
    }
    return null;
  },
  // 我现在在美团了 / 我现在在蚂蚁集团了: a known employer's slot, said with 现在/已经 and 了
  (c, ctx) => {
    if (!knows(ctx, 'user.employer')) return null;
    const m = /^我(?:现在|目前|已经|如今)+(?:也)?(?:在|去了)([^，,。]{2,12}?)了$/u.exec(c);
    if (!m) return null;
    const v = cleanChineseObject(m[1]!);
    if (
      !v ||
      /(?:市|省|区|县|路|街|家|里|上|中|边|国|岛|州|时间|学|吃|住|读|做|用|玩|看|开|养)$|^(?:家|路上|外面|国外|这|那)/u.test(
        v,
      )
    )
      return null;
    return [draft('employer', v, 0.78)];
  },
];

/** 我跟他们说我…, 我告诉老同学我…, 我妈逢人就说我…: what the user told someone, or what others say, is a statement about the user. */
export function unwrapReportedChinese(t: string): string {
  return t
    .replace(
      /^我?(?:跟|和|对|给)[^，,。说讲]{1,8}?(?:说|讲|提|解释|透露)(?:了|过)?(?:一下|一声)?[，,：:]?\s*(?=我(?!们))/u,
      '',
    )
    .replace(/^我?告诉(?:了)?[^，,。我]{1,8}?[，,：:]?\s*(?=我(?!们))/u, '')
    .replace(
      /^(?:我(?:妈|爸|妈妈|爸爸|老婆|老公|朋友|同事|家人|父母|姐姐?|哥哥?|弟弟?|妹妹?|室友|邻居|老板|领导)|大家|别人|朋友们|同事们)(?:都|也)?(?:逢人就|到处|总是|老是|总|老|一直|常常|经常|都)?(?:跟人|跟别人|对人)?(?:说|讲|夸|告诉别人)[，,：:]?\s*(?=我(?!们))/u,
      '',
    );
}
