import { draft, type FactDraft } from './draft';
import type { ClauseContext } from './clause';
import { categoryOf, isVehicle } from './lexicon';
import { cleanChineseObject, slug } from './text';
import { draftForKey } from './value-match';
import { wordTable } from '@engram/core';

/**
 * Any habit a person states with a verb of their own in Chinese ("我每天喝两杯咖啡", "我平时骑共享单车",
 * "我周末去图书馆做志愿者"): read when no slot rule knows it, keyed by the verb and the thing (the
 * quantity is the value's, not the key's), so "我现在每天只喝一杯咖啡" is the same slot with a new value.
 * Only verbs of doing and using: verbs of thinking, wanting and asking state nothing about the speaker.
 */
const ADV =
  '(?:现在|目前|平时|平常|一般|通常|经常|常常|总是|每天|每周|每个?月|每晚|每早|早上|晚上|周末|工作日|基本上|主要|一直|还|也|都|只|就|已经|最近|如今)*';
const VERB =
  '(喝|吃|抽|看|听|玩|打|踢|练|跑|骑|坐|开(?!始)|用|读|写|弹|拉|唱|逛|去|做|学|养|种|戴|穿|追|刷|订|带|教|住)';
const MEASURE =
  '(?:个|杯|瓶|罐|包|支|根|本|部|集|次|趟|只|条|碗|份|场|节|台|辆|双|件|套|公里|千米|小时|分钟|页|首|片|粒|颗)';
/** A count before the thing ("两杯咖啡"); a numeral with no measure word is part of a name ("二甲双胍"). */
const QUANTITY = new RegExp(`^(?:[0-9]+(?:\\.[0-9]+)?${MEASURE}?|[一二两三四五六七八九十百千万半几]+${MEASURE})`, 'u');
/** A dose or amount after the thing ("二甲双胍500毫克"): the value's, not the key's. */
const AMOUNT_AFTER =
  /(?:[0-9]+(?:\.[0-9]+)?|[一二两三四五六七八九十百千万半]+)(?:毫克|克|毫升|mg|ml|片|粒|颗|杯|瓶)$/iu;

/** 改喝 / 换成骑 / 开始练 / 现在只喝: the verb's thing is new, so the one known habit of that verb changes. */
const CHANGE = '(改成|换成|改为|改|换|转|开始|现在)?';
/** Verbs that name one slot of their own: what one rides or drives is the vehicle, not a habit of the verb. */
const VERB_SLOTS: Record<string, RegExp> = wordTable({
  骑: /^user\.(?:vehicle|commute)$/,
  开: /^user\.(?:vehicle|commute)$/,
});

/** 开始游泳 / 开始练瑜伽 with no verb of the list: an activity taken up is a habit of its own. */
const TAKEN_UP = /^我(?:最近|现在|已经|也|又)*开始([\u4e00-\u9fff]{2,4})了?$/u;
const NOT_AN_ACTIVITY = /^(?:担心|觉得|想|怀疑|后悔|明白|理解|喜欢|讨厌|害怕|考虑|准备|打算|计划|思考|觉|发现|意识)/u;

export function chineseHabitDraft(clause: string, ctx: ClauseContext): FactDraft[] {
  const up = TAKEN_UP.exec(clause);
  if (up && !NOT_AN_ACTIVITY.test(up[1]!) && !new RegExp(`^${VERB}`, 'u').test(up[1]!))
    return [draft(`does.${slug(up[1]!)}`, up[1]!, 0.66, { content: `用户${clause.slice(1)}`, kind: 'fact' })];
  const m = new RegExp(`^我${ADV}${CHANGE}${ADV}${VERB}(?:了|的是)?(.{1,10}?)(?:了|的)?$`, 'u').exec(clause);
  if (!m) return [];
  // "现在晚上只喝茶": the time word said first is a marker of change too
  const changed = m[1] !== undefined || /^我[^，,]*?(?:现在|如今|改|换)/u.test(clause.slice(0, clause.indexOf(m[2]!)));
  m.splice(1, 1);
  // 吃肉比较多: how much is not the thing
  const value = cleanChineseObject(m[2]!.replace(/(?:比较|很|挺|特别|非常|蛮)(?:多|少)$/u, ''));
  if (!value || /^(?:什么|哪|怎么|这个|那个|这些|那些|一下|过|着|完|好|到|得|它|他|她|你|我)/u.test(value)) return [];
  const thing = value.replace(QUANTITY, '').replace(AMOUNT_AFTER, '') || value;
  if (thing.length < 1 || /[？?]/u.test(thing)) return [];
  // a thing of a known kind keeps its slot ("我骑一台光阳机车" is the user's vehicle)
  const kind = categoryOf(thing) ?? (isVehicle(thing) || /^(?:骑|开)$/u.test(m[1]!) ? 'vehicle' : null);
  // "早上改喝绿茶了" after "每天早上喝咖啡": the one known fact of that verb (or of the verb's slot) takes the new thing
  if (changed) {
    const own = VERB_SLOTS[m[1]!];
    const same = ctx.known.filter(
      (k) => k.object && (k.key.startsWith(`user.does.${m[1]}.`) || (own?.test(k.key) ?? false)),
    );
    const keys = [...new Set(same.map((k) => k.key))];
    if (keys.length === 1 && !same.some((k) => k.object === value)) {
      const target = same[same.length - 1]!;
      const content = target.content.includes(target.object!)
        ? target.content.replace(target.object!, value)
        : `用户${clause.slice(1)}`;
      return [draftForKey(keys[0]!, keys[0]!.startsWith('user.does.') ? value : thing, 0.8, { content })];
    }
  }
  if (kind) return [draft(kind, thing, 0.8)];
  return [
    draft(`does.${m[1]}.${slug(thing)}`, value, 0.66, {
      content: `用户${clause.slice(1)}`,
      predicate: m[1],
      kind: 'fact',
    }),
  ];
}
