import { draft, type FactDraft } from './draft';
import type { ClauseContext } from './clause';
import { categoryOf, isVehicle } from './lexicon';
import { cleanChineseObject, slug } from './text';

/**
 * Any habit a person states with a verb of their own in Chinese ("我每天喝两杯咖啡", "我平时骑共享单车",
 * "我周末去图书馆做志愿者"): read when no slot rule knows it, keyed by the verb and the thing (the
 * quantity is the value's, not the key's), so "我现在每天只喝一杯咖啡" is the same slot with a new value.
 * Only verbs of doing and using: verbs of thinking, wanting and asking state nothing about the speaker.
 */
const ADV =
  '(?:现在|目前|平时|平常|一般|通常|经常|常常|总是|每天|每周|每个?月|每晚|每早|早上|晚上|周末|工作日|基本上|主要|一直|还|也|都|只|就|已经|最近|如今)*';
const VERB = '(喝|吃|抽|看|听|玩|打|踢|练|跑|骑|坐|开|用|读|写|弹|拉|唱|逛|去|做|学|养|种|戴|穿|追|刷|订|带|教|住)';
const QUANTITY =
  /^(?:[0-9]+(?:\.[0-9]+)?|[一二两三四五六七八九十百千万半几]+)(?:个|杯|瓶|罐|包|支|根|本|部|集|次|趟|只|条|碗|份|场|节|台|辆|双|件|套|公里|千米|小时|分钟|页|首)?/u;

export function chineseHabitDraft(clause: string, ctx: ClauseContext): FactDraft[] {
  void ctx;
  const m = new RegExp(`^我${ADV}${VERB}(?:了)?(.{1,10}?)(?:了|的)?$`, 'u').exec(clause);
  if (!m) return [];
  const value = cleanChineseObject(m[2]!);
  if (!value || /^(?:什么|哪|怎么|这个|那个|这些|那些|一下|过|着|完|好|到|得|它|他|她|你|我)/u.test(value)) return [];
  const thing = value.replace(QUANTITY, '') || value;
  if (thing.length < 1 || /[？?]/u.test(thing)) return [];
  // a thing of a known kind keeps its slot ("我骑一台光阳机车" is the user's vehicle)
  const kind = categoryOf(thing) ?? (isVehicle(thing) || /^(?:骑|开)$/u.test(m[1]!) ? 'vehicle' : null);
  if (kind) return [draft(kind, thing, 0.8)];
  return [
    draft(`does.${m[1]}.${slug(thing)}`, value, 0.66, {
      content: `用户${clause.slice(1)}`,
      predicate: m[1],
      kind: 'fact',
    }),
  ];
}
