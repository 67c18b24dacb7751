import { draft, type FactDraft } from './draft';
import { ZH_ADV } from './chinese-adverbs';
import type { ClauseContext, KnownFact } from './clause';
import { ATTRIBUTE_KEYS, FAMILY, categoryOf, isChineseOccupation, isVehicle } from './lexicon';
import { cleanChineseObject, normalizeValue, slug } from './text';
import { slotFamiliesOfWord, wordTable } from '@engram/core';
import { compatible } from './value-shape';
import { draftForKey, knownFactWithValue } from './value-match';

/**
 * Rules for statements of change (Chinese, matched on Simplified text): a new value replacing an
 * old one (从A换成B, 把A换成B, 跳槽到X当Y, 改行做Y), the old value ended (不…了, X去世了, 把X卖了),
 * counts, frequencies and times of routines, and open slots updated in passing (月薪现在是…,
 * 截止日期推迟到…). Keys come from the attribute named, else from the known fact holding the old
 * value, else from the new value's category — never from a fact that only shares characters.
 */

type Rule = (c: string, ctx: ClauseContext) => FactDraft[] | null;

const ZADV = ZH_ADV;
const I = `^我${ZADV}`;
const N = '[\\d一二三四五六七八九十两百千万]+';
const CLASSIFIER = '(?:个|辆|只|本|台|条|位|家|套|部|张|件|双|次|名)';

/** A changed value under the known fact holding the old one (content: the old sentence with the new value). */
function changeTo(oldValue: string | null, next: string, ctx: ClauseContext): FactDraft[] | null {
  const known = oldValue ? knownFactWithValue(oldValue, ctx.known) : null;
  if (known) {
    const content =
      known.object && known.content.includes(known.object) ? known.content.replace(known.object, next) : undefined;
    return [draftForKey(known.key, next, 0.88, content ? { content } : {})];
  }
  const cat = categoryOf(next);
  if (cat) return [draft(cat, next, 0.85)];
  if (isVehicle(next)) return [draft('vehicle', next, 0.85)];
  return null;
}

/** Ends the known fact whose value this is (with or without its verb: 学日语 / 日语). */
function endValue(value: string, ctx: ClauseContext): FactDraft[] | null {
  const v = cleanChineseObject(value);
  const known = knownFactWithValue(v, ctx.known) ?? (v.length > 2 ? knownFactWithValue(v.slice(1), ctx.known) : null);
  if (!known) return null;
  const content = known.content.startsWith('用户')
    ? known.content
        .replace(/^用户(的)?/u, (_m, de) => (de ? '用户的' : '用户不再'))
        .replace(/^用户的(.+?)是/u, '用户的$1不再是')
    : undefined;
  return [{ ...draftForKey(known.key, known.object!, 0.85), positive: false, ...(content ? { content } : {}) }];
}

const clean = (s: string) => cleanChineseObject(s.replace(/[了的]$/u, ''));

/** A slot's own name among its key's words or its sentence, or a word of its paraphrase class (手机 → phone). */
function slotNamedBy(topic: string, known: readonly KnownFact[], next: string): KnownFact[] {
  const t = topic.toLowerCase();
  const families = new Set(slotFamiliesOfWord(topic));
  const lower = next === next.toLowerCase();
  return known.filter((k) => {
    if (!k.object || k.key.includes('.event.') || !compatible(k.object, next, lower)) return false;
    if (normalizeValue(k.object) === normalizeValue(next)) return false;
    const parts = k.key.toLowerCase().split('.');
    if (parts.slice(1).some((p) => p.includes(t)) || k.content.toLowerCase().includes(t)) return true;
    const family = parts[0] === 'env' ? parts[parts.length - 1]! : parts[1]!;
    const kind = categoryOf(k.object);
    return families.has(family) || (kind !== null && families.has(kind));
  });
}

/** "手机换成了小米14", "网站已经全部迁到Azure了", "QQ号改成654321了", "我们项目把数据库换成了PostgreSQL": the slot named as the topic. */
const TOPIC_CHANGE =
  /^(?:我们?的?|咱们的?)?(?:[\u4e00-\u9fffA-Za-z]{1,4}?(?:的|把))?([\u4e00-\u9fffA-Za-z]{1,6}?)(?:已经|都|也|全部|全都|早就|终于|刚刚?|现在|又|也已经)*(?:换成了?|改成了?|改为|换为|迁到了?|迁移到了?|搬到了?|转到了?|升级到了?|升级成了?|变成了?|换到了?)(.+)$/u;
/** "新主管是赵姐", "新邮箱是…": the slot named as new, with its value. */
const NEW_TOPIC = /^(?:我们?的?)?(?:新的?|新来的|现在的)([\u4e00-\u9fffA-Za-z]{1,6}?)(?:是|叫|为|换成了?)(.+)$/u;
function topicChange(c: string, ctx: ClauseContext): FactDraft[] | null {
  const m = TOPIC_CHANGE.exec(c) ?? NEW_TOPIC.exec(c);
  if (!m) return null;
  const topic = m[1]!.replace(/^(?:我们?|的)/u, '');
  const next = clean(m[2]!.replace(/^(?:用|使用)/u, ''));
  if (!next || topic.length < 2 || /^(?:我|你|他|她|它)/u.test(topic)) return null;
  const found = slotNamedBy(topic, ctx.known, next);
  const keys = [...new Set(found.map((k) => k.key))];
  if (keys.length !== 1) return null;
  const k = found[found.length - 1]!;
  const content = k.content.includes(k.object!) ? k.content.replace(k.object!, next) : undefined;
  return [draftForKey(k.key, next, 0.86, content ? { content } : {})];
}

/** The one known fact holding a thing of this kind (its key names the kind, or its value is one). */
function knownOfKind(kind: string, known: readonly KnownFact[]): KnownFact[] {
  const found = known.filter((k) => {
    if (!k.object) return false;
    const parts = k.key.split('.');
    return parts[parts.length - 1] === kind || categoryOf(k.object) === kind;
  });
  return new Set(found.map((k) => k.key)).size === 1 ? [found[found.length - 1]!] : [];
}

/** "我换成用三星Galaxy S24了", "我改用Mac了": a thing of a known kind replaces the one known thing of that kind. */
function kindChange(c: string, ctx: ClauseContext): FactDraft[] | null {
  const m = new RegExp(
    `${I}(?:换成了?|改成了?|换用了?|转用了?|改用了?|换了)(?:用|使用)?(?:一台|一部|台|部|个)?(.+)$`,
    'u',
  ).exec(c);
  if (!m) return null;
  const next = clean(m[1]!);
  const kind = next ? categoryOf(next) : null;
  if (!kind) return null;
  const [k] = knownOfKind(kind, ctx.known);
  if (!k || normalizeValue(k.object!) === normalizeValue(next)) return [draft(kind, next, 0.85)];
  const content = k.content.includes(k.object!) ? k.content.replace(k.object!, next) : undefined;
  return [draftForKey(k.key, next, 0.86, content ? { content } : {})];
}

const THING_WORDS: Record<string, string> = wordTable({
  电脑: 'laptop',
  手机: 'phone',
  浏览器: 'browser',
  编辑器: 'editor',
  系统: 'operating_system',
  操作系统: 'operating_system',
});

export const CHINESE_CHANGE_RULES: Rule[] = [
  topicChange,
  kindChange,
  // 我用的电脑是Windows系统 / 我用的浏览器是Edge: the thing used, by its kind
  (c) => {
    const m = new RegExp(`${I}(?:用|使用)的(电脑|手机|系统|操作系统|浏览器|编辑器)(?:现在)?是(.+)$`, 'u').exec(c);
    if (!m) return null;
    const o = clean(m[2]!);
    return o ? [draft(categoryOf(o) ?? THING_WORDS[m[1]!]!, o, 0.85)] : null;
  },
  // commute first (改成骑电动车上班 is a commute, not a vehicle): 每天开车上班 / 现在坐地铁上班 / 改成骑电动车上班
  (c) => {
    const m = new RegExp(
      `${I}(?:改成了?|改为|改)?((?:坐|乘|搭|骑|开|打|走路|步行)(.{0,5}?))(?:去)?(?:上班|通勤|去公司)(?:了)?$`,
      'u',
    ).exec(c);
    if (!m) return null;
    const mode = m[1]!;
    return [draft('commute', mode, 0.85, { content: `用户${mode}上班` })];
  },
  // 跳槽到X当/做Y: employer and occupation together
  (c) => {
    const m = new RegExp(
      `${I}(?:跳槽到了?|跳槽去了?|跳到了?|换到了?|加入了?|入职了?|去了)(.+?)(?:当|做|担任|任)(.+?)(?:了)?$`,
      'u',
    ).exec(c);
    if (!m) return null;
    const role = clean(m[2]!);
    if (!isChineseOccupation(role)) return null;
    return [draft('employer', clean(m[1]!), 0.88), draft('occupation', role, 0.88)];
  },
  // 改行做Y, 转行做Y, 改做Y, 现在做Y了
  (c) => {
    const m = new RegExp(`${I}(?:改行|转行|改)(?:做|当|成为了?)(.+?)(?:了)?$`, 'u').exec(c);
    if (!m) return null;
    const role = clean(m[1]!);
    return role ? [draft('occupation', role, 0.86)] : null;
  },
  // 升职了，现在是Y (the second clause is a plain 是-statement); 升为Y / 升职为Y
  (c) => {
    const m = new RegExp(`${I}(?:被)?(?:升职|晋升|升|提拔|提升|任命|聘)(?:为|成|成了|到)(.+?)(?:了)?$`, 'u').exec(c);
    return m ? [draft('occupation', clean(m[1]!), 0.86)] : null;
  },
  // 把X从A换成B / 从A换成B / 把A换成B / 把服务从A迁到B
  (c, ctx) => {
    const m =
      new RegExp(
        `^(?:我们?${ZADV})?(?:把(?:[^从]{1,8}?)?)?从(.+?)(?:换成了?|改成了?|换到了?|迁到了?|迁移到了?|转到了?|切换到了?|改用了?|换为|改为|跳槽到了?|跳到了?|调到了?|转学到了?|转行到了?|升级到了?|升级成了?)(.+)$`,
        'u',
      ).exec(c) ??
      new RegExp(
        `^(?:我们?${ZADV})?(?:项目|我们项目|我们的项目)?的?.{0,6}?从(.+?)(?:换成了?|改成了?|迁到了?|迁移到了?|切换到了?|变成了?)(.+)$`,
        'u',
      ).exec(c);
    if (!m) return null;
    const oldV = clean(m[1]!);
    const next = clean(m[2]!.replace(/(?:上|了|去)$/u, ''));
    if (!oldV || !next) return null;
    return changeTo(oldV, next, ctx);
  },
  // 换成了Y / 改用Y / 换了Y (no old value named)
  (c, ctx) => {
    const m = new RegExp(`${I}(?:换成了?|改成了?|改用了?|换用了?|转用了?|改为|换为)(.+)$`, 'u').exec(c);
    if (!m) return null;
    const next = clean(m[1]!);
    return next ? changeTo(null, next, ctx) : null;
  },
  // the old value ended: X去世了 / X走了 / X送人了 / 把X卖了 / 我不X了 / 放弃了X
  (c, ctx) => {
    const gone = /^(.{1,6}?)(?:去世了|走了|死了|送人了|丢了|跑丢了|被送走了)$/u.exec(c);
    const sold = new RegExp(`^(?:我们?${ZADV})?把(.+?)(?:卖了|卖掉了|送人了|退了|扔了)$`, 'u').exec(c);
    const stopped =
      new RegExp(`${I}(?:不再|不|没再|没有再)(.+?)了$`, 'u').exec(c) ??
      new RegExp(`${I}(?:放弃了|戒了|停了)(.+)$`, 'u').exec(c);
    const v = gone?.[1] ?? sold?.[1] ?? stopped?.[1];
    return v ? endValue(v, ctx) : null;
  },
  // routines: 每周跑步三次 / 每周去两次健身房 / 每天早上七点起床
  (c) => {
    const a = new RegExp(`${I}(每天|每周|每星期|每个?月|每年)(?:都)?(?:去|做|练|上)?(${N}次)(.+?)(?:了)?$`, 'u').exec(
      c,
    );
    const b = new RegExp(`${I}(每天|每周|每星期|每个?月|每年)(?:都)?(.+?)(${N}次)(?:了)?$`, 'u').exec(c);
    if (a) {
      const act = clean(a[3]!);
      return act
        ? [draft(`frequency.${slug(act)}`, `${a[1]}${a[2]}`, 0.85, { content: `用户${a[1]}去${a[2]}${act}` })]
        : null;
    }
    if (b) {
      const act = clean(b[2]!.replace(/^去/u, ''));
      return act
        ? [draft(`frequency.${slug(act)}`, `${b[1]}${b[3]}`, 0.85, { content: `用户${b[1]}${b[2]}${b[3]}` })]
        : null;
    }
    const t = new RegExp(
      `${I}(?:改成了?|改为|改到了?|变成了?|提前到了?|推迟到了?)?(?:早上|晚上|上午|下午|中午|凌晨)?(?:就)?(${N}点(?:半|${N}分?)?)(?:就|左右)?(?:要)?(起床|睡觉|上班|下班|吃早饭|吃饭|去健身房|健身|跑步|到家|出门)(?:了)?$`,
      'u',
    ).exec(c);
    if (t) return [draft(`time.${slug(t[2]!)}`, t[1]!, 0.85, { content: `用户${t[1]}${t[2]}` })];
    return null;
  },
  // counts: 我有两辆自行车 / 现在有三辆自行车了 / 我的微博有500个粉丝 / 粉丝涨到800个了
  (c, ctx) => {
    const have = new RegExp(
      `${I}(?:有|养了|养着|拥有|收集了|攒了|集了|买了)(${N})(${CLASSIFIER}|张|枚|盆)([^，,。]{1,6}?)(?:了)?$`,
      'u',
    ).exec(c);
    const owner =
      /^我的(.{1,6}?)(?:已经|现在)?(?:有|已经有)(\d[\d,]*|[一二三四五六七八九十两百千万]+)(个|位|名|张|本|只|件|套|枚|盆)?(.{0,4}?)(?:了)?$/u.exec(
        c,
      );
    const grew =
      /^(?:我的)?(.{1,8}?)(?:已经|现在)?(?:涨到|增加到|达到|到了|变成|超过|破)了?(\d[\d,]*|[一二三四五六七八九十两百千万]+)(个|位|名)?(?:了)?$/u.exec(
        c,
      );
    const countKey = (noun: string) => {
      const k = ctx.known.find(
        (f) => f.key.startsWith('user.count.') && noun.endsWith(f.key.slice('user.count.'.length)),
      );
      return k ? k.key.slice('user.'.length) : `count.${slug(noun)}`;
    };
    if (have && have[1] !== '一')
      return [
        draft(countKey(have[3]!), `${have[1]}${have[2]}`, 0.82, { content: `用户有${have[1]}${have[2]}${have[3]}` }),
      ];
    if (owner)
      return [
        draft(countKey(owner[4] || owner[1]!), owner[2]!, 0.82, {
          content: `用户的${owner[1]}有${owner[2]}${owner[3] ?? ''}${owner[4]}`,
        }),
      ];
    if (grew && /[粉丝订阅关注会员用户]$/u.test(grew[1]!))
      return [draft(countKey(grew[1]!), grew[2]!, 0.8, { content: `用户的${grew[1]}有${grew[2]}${grew[3] ?? ''}` })];
    return null;
  },
  // 我换了新老板，叫钱总 / 现在的女朋友叫小兰 / 我的新X是Y
  (c) => {
    const m =
      new RegExp(`${I}(?:换了|有了)(?:一个|个|一位|位)?新的?(.{1,4}?)[，,]?(?:他|她)?(?:叫|是)(.+)$`, 'u').exec(c) ??
      /^(?:我)?(?:现在的|目前的|新的?)(.{1,5}?)(?:叫|是)(.+)$/u.exec(c);
    if (!m) return null;
    const attr = m[1]!;
    const suffix = ATTRIBUTE_KEYS[attr] ?? (FAMILY[attr] ? `family.${FAMILY[attr]}` : null);
    const v = clean(m[2]!);
    return suffix && v ? [draft(suffix, v, 0.86, { label: attr })] : null;
  },
  // a slot updated in passing: 月薪现在是一万五 / 截止日期推迟到了7月15日 / 客户把截止日期推迟到了…
  (c, ctx) => {
    const moved =
      /^(?:.{0,4}?把)?(?:项目的?|我们的?|我们项目的)?(.{2,6}?)(?:推迟|延期|延后|提前|改|调整|挪|推)到了?(.+)$/u.exec(c);
    if (moved) {
      const attr = clean(moved[1]!);
      const v = clean(moved[2]!);
      if (!attr || !v) return null;
      const known = ctx.known.find((k) => k.key.endsWith(`.${slug(attr)}`));
      if (known) return [draftForKey(known.key, v, 0.85, { content: `项目的${attr}是${v}` })];
      return [
        draft(`project.${slug(attr)}`, v, 0.85, {
          namespace: 'env',
          type: 'ENVIRONMENT',
          kind: 'fact',
          predicate: slug(attr),
          content: `项目的${attr}是${v}`,
        }),
      ];
    }
    const now = /^(?:我的)?(.{1,6}?)(?:现在|目前|已经)(?:是|变成了?|涨到了?|降到了?)(.+)$/u.exec(c);
    if (!now) return null;
    const attr = clean(now[1]!);
    const known = ctx.known.find((k) => k.key === `user.${ATTRIBUTE_KEYS[attr] ?? slug(attr)}`);
    const v = clean(now[2]!);
    return known && v ? [draftForKey(known.key, v, 0.85, { content: `用户的${attr}是${v}` })] : null;
  },
  // the project's open slots: 项目的上线时间是3月1日 / 我们项目的截止日期是…
  (c) => {
    const m = /^(?:我们的?|咱们的?)?项目的(.{2,6}?)(?:是|定在|在)(.+)$/u.exec(c);
    // "项目的数据库用的是…" names what the project uses (the environment rule)
    if (!m || /用的?$/u.test(m[1]!)) return null;
    const attr = clean(m[1]!);
    const v = clean(m[2]!);
    return attr && v
      ? [
          draft(`project.${slug(attr)}`, v, 0.85, {
            namespace: 'env',
            type: 'ENVIRONMENT',
            kind: 'fact',
            predicate: slug(attr),
            content: `项目的${attr}是${v}`,
          }),
        ]
      : null;
  },
  // 主要写Rust / 用Java开发 (a named language or tool)
  (c) => {
    const m = new RegExp(`${I}(?:写|用|使用)(.+?)(?:开发|编程|写代码|写程序)?(?:了)?$`, 'u').exec(c);
    if (!m) return null;
    const v = clean(m[1]!);
    const cat = categoryOf(v);
    return cat ? [draft(cat, v, 0.86)] : null;
  },
];
