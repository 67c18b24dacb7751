import { ATTRIBUTE_KEYS, FAMILY, PETS, categoryOf, isChineseOccupation, isVehicle } from './lexicon';
import { ZH_ADV } from './chinese-adverbs';
import { draft, negate, type FactDraft } from './draft';
import type { ClauseContext, KnownFact } from './clause';
import { foldChinese, slotFamiliesOfWord, wordTable } from '@engram/core';
import { cleanChineseObject, slug } from './text';
import { parseChineseNumber, resolveTime } from './time-expressions';
import { CHINESE_CHANGE_RULES } from './chinese-changes';
import { CHINESE_SLOT_RULES } from './chinese-slots';
import { chineseHabitDraft } from './chinese-verbs';
import { CHINESE_TYPED_RULES } from './typed-statements';
import { CHINESE_LIFE_RULES, NOT_A_PARTNER } from './life-changes';
import { CHINESE_FRAME_RULES, unwrapReportedChinese } from './chinese-frames';

const ZADV = ZH_ADV;
const LEAD =
  /^(?:其实|对了|顺便说一下|顺便说一句|顺便提一下|顺便|另外|还有|告诉你|跟你说|说起来|嗯|哦|噢|啊|好吧|那个|我想说|我要告诉你|记住|请记住|记一下|补充一下|更新一下|好消息|话说|说真的|老实说|坦白说|其实呢|然后|而且|不过|但是|所以|因为|现在的话)[，,：:！!\s]*/u;
const HEDGE = /(可能|也许|大概|好像|应该是|似乎|估计|或许)/u;
const HYPOTHETICAL = /^(?:如果|假如|要是|假设|万一|倘若)|我(?:想要?|希望|打算|计划|准备|可能会|将来|梦想)/u;

const SUBJECT_ZH: Record<string, string> = wordTable({
  项目: 'project',
  应用: 'app',
  仓库: 'repo',
  代码库: 'codebase',
  服务: 'service',
  后端: 'backend',
  前端: 'frontend',
  网站: 'website',
  团队: 'team',
  系统: 'system',
  数据库: 'database',
  产品: 'product',
  服务器: 'server',
  集群: 'cluster',
});

/** "从A改为/换成/搬到B": the old value before a verb of change. */
const FROM_OLD_TO_NEW =
  /从[^，,。从]{1,30}?(?=(?:改为|改成|换成|换为|变成|变为|改到|换到|调到|搬到|搬去|迁到|转到|跳槽到|升为|升到|涨到|降到))/u;
/** "自从搬到苏州以后，…", "搬到苏州以后，…": the occasion is itself a statement. */
const SINCE_CLAUSE = /^(?:自从|自打|打从)(.+?)(?:以后|之后|以来|后)?$|^(.+?)(?:以后|之后|以来)$/u;

/** Removes leading openers and returns whether the clause is hedged. */
export function prepareChineseClause(raw: string): { text: string; hedged: boolean } {
  let t = foldCantonese(raw.normalize('NFKC')).replace(/\s+/g, ' ').trim();
  for (let i = 0; i < 4; i++) {
    const next = unwrapReportedChinese(t.replace(LEAD, ''))
      .replace(
        /^(?:现在|目前|最近|如今|今年|去年|去年底|年底|年初|上个月|下个月|后来|然后|这周|上周|下周|前几天|前阵子|这阵子|(?:这|上|新|这个|上个)学期|[^，,。我]{1,4}?的时候)+(?=我)/u,
        '',
      )
      // "从今年开始我…", "下个月起我…": the start of a period before the subject
      .replace(
        /^(?:从|自)?(?:今年|明年|去年|上个月|这个月|本月|下个月|上周|这周|下周|年初|年底|最近|[0-9一二三四五六七八九十]{1,2}月(?:份|初|底)?|[0-9]{4}年(?:[0-9]{1,2}月)?)(?:开始|起)[，,]?(?=我)/u,
        '',
      )
      // "过完生日我就36岁了": an occasion just past
      .replace(/^(?:过完|过了)[^，,。我]{1,4}(?=我)/u, '')
      // "换了工作以后我…": what happened before is the occasion, not the statement
      .replace(/^我?[^，,。我]{1,10}?(?:以后|之后|后)(?=我)/u, '');
    if (next === t) break;
    t = next;
  }
  // "我们搬到了烟台", "我和老公住在济南": a plural first person is the user for personal facts
  t = t
    .replace(/^(?:我和|我跟)[^，,。]{1,4}?(?=(?:一起)?(?:住|搬|生活|定居|养|结婚))/u, '我')
    .replace(
      // a household is where it lives ("我们家在天津" is 我家在天津)
      /^(?:我们家|咱们家)(?=(?:现在|目前|一直)?(?:在|住在))/u,
      '我家',
    )
    .replace(
      new RegExp(
        `^(?:${ZH_ADV})(?:我们家|我们|咱们家|咱们|我家|家里)(?:全家|一家人?|俩|两个|一家三口|几个)?(?=(?:${ZH_ADV}|一起|从[^，,。]{1,6}?开始)*(?:搬|住|养|领养|收养|买|卖|换|离开|结婚|去了|生活|定居|回|改吃|吃素|吃荤|吃肉|不吃|只吃|什么都吃|啥都吃|不挑食|从.{1,12}?(?:搬|迁)|在.{1,12}?(?:买|租)了?(?:一套|套|个)?(?:新)?(?:房|公寓)))`,
        'u',
      ),
      '我',
    );
  // "我从三月开始吃素了" (also a household's, "我们全家从三月开始…" above): the start of a period after the subject
  t = t.replace(/^我从[^，,。我]{1,8}?开始(?=\S)/u, '我开始');
  // "我2025年3月8日开始在小米工作" / "我上个月搬到…": a time phrase right after the subject is not part of the statement
  const when = resolveTime(t, new Date(0), 'zh');
  if (when) {
    const base = when.phrase.split(' ')[0]!;
    // 去年底 / 今年初 / 上个月底: the part of the period goes with it
    const phrase = new RegExp(`^我?${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[底初末中]`, 'u').test(t)
      ? `${base}${t[t.indexOf(base) + base.length]}`
      : base;
    if (t.startsWith(`我${phrase}`)) t = `我${t.slice(1 + phrase.length)}`;
    else if (t.startsWith(phrase)) t = t.slice(phrase.length).replace(/^[，,\s]*/u, '');
  }
  // "现在住成都了", "刚入职字节跳动": Chinese drops the subject; a clause that states the speaker's own state is the user's
  if (!/^(?:我|你|您|他|她|它|咱|俺|大家|别人|[^，,。]{1,4}(?:说|觉得|告诉))/u.test(t) && PRO_DROP.test(t))
    t = `我${t}`;
  // "我吃素好几年了", "我养猫三年了": how long it has held is not part of the thing
  t = t.replace(
    /(?<=[\u4e00-\u9fff])(?:已经)?(?:好|有)?(?:几|[一二三四五六七八九十两0-9]+)(?:个)?多?(?:年|个月|星期|礼拜)多?(?:了)?$/u,
    '',
  );
  // "我家有一只柯基叫豆豆": a household's animal is the user's pet
  t = t.replace(
    /^我(?:们)?家(?:里)?(?:现在|还)?有(?=(?:一只|一条|只|条|两只|一匹)[^，,。]{1,6}?(?:叫|名叫|名字叫))/u,
    '我养了',
  );
  // "我是全职up主": how much one works is not what one is
  t = t.replace(/^(我(?:现在|目前|已经)*(?:是|当了?|做了?))(?:一名|一个)?(?:全职|兼职|专职)(?=\S)/u, '$1');
  // "我的邮箱从A改为B": the clause states B; the old value is retired over the whole message (value-changes)
  if (/^我(?!们)/u.test(t)) t = t.replace(FROM_OLD_TO_NEW, '');
  const hedged = HEDGE.test(t);
  t = t.replace(/^我(?:觉得|想|猜|估计)(?=我)/u, '');
  t = t.replace(HEDGE, '');
  return { text: t.replace(/[\s，,。.！!~～]+$/u, ''), hedged };
}

/** Cantonese function words in their Mandarin form, character for character (我哋搬咗去沙田 → 我们搬了去沙田). */
const CANTONESE: Record<string, string> = wordTable({
  哋: '们',
  咗: '了',
  喺: '在',
  係: '是',
  唔: '不',
  冇: '没',
  嘅: '的',
  佢: '他',
  啲: '些',
  嚟: '来',
  咁: '这',
  乜: '什',
  睇: '看',
  瞓: '睡',
  揾: '找',
  攞: '拿',
});
export function foldCantonese(text: string): string {
  return text.replace(/[哋咗喺係唔冇嘅佢啲嚟咁乜睇瞓揾攞]/gu, (c) => CANTONESE[c] ?? c);
}

/** The one known user slot whose paraphrase class names this word (专业 → user.field_of_study). */
function knownSlotNamed(word: string, known: readonly KnownFact[]): { suffix: string; label: string } | null {
  const families = new Set(slotFamiliesOfWord(word));
  const hits = known.filter((k) => k.key.startsWith('user.') && families.has(k.key.split('.')[1]!));
  return hits.length === 1 ? { suffix: hits[0]!.key.slice('user.'.length), label: word } : null;
}

function zhAttribute(attrRaw: string): { suffix: string; label: string } | null {
  const attr = attrRaw.trim();
  if (!attr || attr.length > 10) return null;
  if (ATTRIBUTE_KEYS[attr]) return { suffix: ATTRIBUTE_KEYS[attr]!, label: attr };
  const fav = /^(?:最)?喜欢的(.+)$/u.exec(attr) ?? /^最爱的(.+)$/u.exec(attr);
  if (fav) return { suffix: `favourite_${zhNoun(fav[1]!)}`, label: fav[1]! };
  const named = /^(.+?)的?(?:名字|名)$/u.exec(attr);
  if (named) {
    const rel = named[1]!;
    if (ATTRIBUTE_KEYS[rel] === 'partner') return { suffix: 'partner', label: rel };
    if (PETS[rel]) return { suffix: `pet.${PETS[rel]}`, label: rel };
    if (FAMILY[rel]) return { suffix: `family.${FAMILY[rel]}`, label: `${rel}的名字` };
  }
  if (PETS[attr]) return { suffix: `pet.${PETS[attr]}`, label: attr };
  if (FAMILY[attr]) return { suffix: `family.${FAMILY[attr]}`, label: attr };
  if (/^(?:意思|问题|想法|看法|建议|观点|理由|原因|目的|感觉|错|天|心)$/u.test(attr)) return null;
  return { suffix: zhNoun(attr), label: attr };
}

/** Chinese nouns that share an English key word, so favourite_color etc. match across languages. */
const ZH_NOUNS: Record<string, string> = wordTable({
  颜色: 'color',
  食物: 'food',
  菜: 'dish',
  饮料: 'drink',
  水果: 'fruit',
  电影: 'movie',
  书: 'book',
  运动: 'sport',
  音乐: 'music',
  歌手: 'singer',
  歌: 'song',
  城市: 'city',
  动物: 'animal',
  编辑器: 'editor',
  编程语言: 'programming_language',
  语言: 'language',
  游戏: 'game',
  乐队: 'band',
  作家: 'author',
  演员: 'actor',
  季节: 'season',
  花: 'flower',
  咖啡: 'coffee',
  茶: 'tea',
  甜点: 'dessert',
  餐厅: 'restaurant',
  球队: 'team',
  电视剧: 'tv_show',
  节日: 'holiday',
  数字: 'number',
  品牌: 'brand',
  工具: 'tool',
  浏览器: 'browser',
  操作系统: 'operating_system',
});
function zhNoun(noun: string): string {
  return ZH_NOUNS[noun] ?? slug(noun);
}

/** Preference objects keep their verb in the content but not in the key ("喝咖啡" → key coffee). */
function preferenceKey(object: string): string {
  const bare = object.replace(/^(?:喝|吃|看|听|玩|用|打|去|做|逛|读|养)(?=.)/u, '');
  return slug(zhNoun(bare));
}

function choiceKey(object: string, known: KnownFact[], fallback: string): { suffix: string; inferred: boolean } {
  const cat = categoryOf(object);
  if (cat) return { suffix: cat, inferred: false };
  const o = object.toLowerCase();
  const hit = [...known].reverse().find((k) => k.key.startsWith('user.') && k.content.toLowerCase().includes(o));
  if (hit) return { suffix: hit.key.slice('user.'.length), inferred: true };
  return { suffix: fallback, inferred: true };
}

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;
const PHONE = /\+?\d[\d\s-]{5,}\d/;
const DIET_ZH = /^(素食者|素食主义者|纯素食者|纯素主义者|严格素食者|吃素的|素食)$/u;

function shiPhrase(obj: string): FactDraft[] {
  const o = cleanChineseObject(obj).replace(/^(?:一名|一个|一位|个|名|位)/u, '');
  if (!o) return [];
  if (DIET_ZH.test(o)) return [draft('diet', o === '吃素的' ? '吃素' : o, 0.9)];
  const place = /^(.{1,8})人$/u.exec(o);
  // 撰稿人 / 经纪人 are occupations, not people of a place
  if (place && !isChineseOccupation(o) && !/(?:个|好|坏|男|女|大|老|年轻|工|病|家|别|本|外国|中国人民)人$/u.test(o))
    return [draft('hometown', place[1]!, 0.85)];
  const student = /^(.+?)的(?:学生|研究生|博士生|本科生)$/u.exec(o);
  if (student) return [draft('school', student[1]!, 0.85), draft('occupation', '学生', 0.8)];
  const work = /^做(.+?)的$/u.exec(o);
  if (work) return [draft('occupation', `做${work[1]}的`, 0.85, { content: `用户是做${work[1]}的` })];
  const employerRole = /^(.+?)的(.+)$/u.exec(o);
  if (employerRole && isChineseOccupation(employerRole[2]!))
    return [draft('occupation', employerRole[2]!, 0.88), draft('employer', employerRole[1]!, 0.8)];
  if (isChineseOccupation(o) || o === '学生') return [draft('occupation', o, 0.88)];
  if (/^(单身|已婚|离异|未婚)$/u.test(o)) return [draft('marital_status', o, 0.85)];
  if (o.length <= 8) return [draft(`identity.${slug(o)}`, o, 0.7)];
  return [];
}

type ClauseRule = (c: string, ctx: ClauseContext) => FactDraft[] | null;

const I = `^我${ZADV}`;
/** A subjectless clause of the speaker's own state (the verbs a user states about themselves). */
const PRO_DROP = new RegExp(
  `^${ZH_ADV}(?:住在?|搬到了?|搬去了?|搬回了?|搬家到|在[^，,。]{1,12}?(?:上班|工作|读书|上学|读研|读博)|当了?|入职了?|加入了?|转到|转学到|跳槽到|改(?:吃|喝|骑|用|学|练|开|打)|迷上了?|爱上了?|养了|开始(?:吃|喝|学|练|骑|打)|离职|辞职|换了|是(?:一名|一个)?(?:全职|兼职)|(?:现在|最近|如今|平时|每天|晚上|早上|周末)+(?:只|都|也|还|就)?(?:喝|吃|抽|听|玩|打|踢|练|跑|骑|坐|用|读|学|养))`,
  'u',
);

const RULES: ClauseRule[] = [
  (c) => {
    const m =
      /^(?:我叫|我名叫|我名字叫|我的名字(?:现在)?(?:是|叫)|我的全名(?:是|叫)|我的姓名是|叫我|你可以叫我|你就叫我|大家都叫我|朋友们都叫我|请叫我|我改名(?:叫|为|成)了?|我的名字改成了?|我现在叫|我(?:把)?(?:改了?名(?:字)?|名字改了)了?[，,](?:现在|以后|从此)?(?:就)?(?:叫|改叫))(.+)$/u.exec(
        c,
      );
    if (!m) return null;
    const name = cleanChineseObject(m[1]!.replace(/(?:就行|就好|就可以|好了|吧)$/u, ''));
    return name && name.length <= 20 ? [draft('name', name, 0.92)] : null;
  },
  (c) => {
    const m = /^我姓([\u4e00-\u9fff]{1,2}?)(?:，|,|$|[\u4e00-\u9fff]{0,2}$)/u.exec(c);
    return m && !/^我姓名/u.test(c) ? [draft('surname', m[1]!, 0.85)] : null;
  },
  (c, ctx) => {
    if (!/我/u.test(c)) return null;
    const email = EMAIL.exec(c);
    if (email) return [draft('contact.email', email[0].toLowerCase(), 0.92)];
    const phone = PHONE.exec(c);
    if (phone && /(电话|手机|号码|联系|打给我|微信)/u.test(c) && phone[0].replace(/\D/g, '').length >= 7)
      return [draft('contact.phone', phone[0].trim(), 0.9)];
    // "我换了新号码，0987-654-321": the number follows in the next clause of the sentence
    const next =
      ctx.sentence && /(?:换|改|新)(?:了)?(?:个|一个)?(?:新)?(?:的)?(?:电话|手机号?码?|号码|号)/u.test(c)
        ? PHONE.exec(foldChinese(ctx.sentence))
        : null;
    if (next && next[0].replace(/\D/g, '').length >= 7) return [draft('contact.phone', next[0].trim(), 0.88)];
    return null;
  },
  // 从X换成了Y / 我把X换成了Y / 从X搬到了Y
  (c, ctx) => {
    const m = new RegExp(
      `^(?:我${ZADV})?(?:从|把)(.+?)(换成了?|改成了?|换到了?|转到了?|转向了?|搬到了?|搬去了?|搬回了?|迁到了?|转成了?|变成了?|改用了?|换用了?)(.+)$`,
      'u',
    ).exec(c);
    if (!m) return null;
    const from = cleanChineseObject(m[1]!.replace(/(?:工作|上班)$/u, ''));
    const to = cleanChineseObject(m[3]!.replace(/(?:工作|上班|住|居住|生活)$/u, ''));
    if (!from || !to) return null;
    if (/[搬迁]/u.test(m[2]!)) return [draft('residence', to, 0.9)];
    // 把专业换成了计算机: the slot itself is named
    const named = ATTRIBUTE_KEYS[from]
      ? { suffix: ATTRIBUTE_KEYS[from]!, label: from }
      : knownSlotNamed(from, ctx.known);
    if (named?.suffix && !/^(?:uses|preference)\b/.test(named.suffix))
      return [draft(named.suffix, to, 0.86, named.label ? { label: named.label } : {})];
    const k = choiceKey(to, ctx.known, '');
    const kf = k.suffix ? k : choiceKey(from, ctx.known, '');
    if (kf.suffix) return [draft(kf.suffix, to, kf.inferred ? 0.8 : 0.9)];
    return [draft(`uses.${slug(to)}`, to, 0.75), { ...draft(`uses.${slug(from)}`, from, 0.75), positive: false }];
  },
  // employer: 我在一家外企上班，叫西门子
  (c) => {
    const m = new RegExp(`${I}在(.+?)(?:工作|上班)[，,](?:公司)?(?:叫|名叫)(.+)$`, 'u').exec(c);
    return m && cleanChineseObject(m[2]!) ? [draft('employer', cleanChineseObject(m[2]!), 0.88)] : null;
  },
  (c) => {
    const m = new RegExp(`${I}在(.+?)(?:工作|上班|任职|就职|供职|实习|打工)(?:了)?$`, 'u').exec(c);
    if (!m) return null;
    const o = cleanChineseObject(m[1]!);
    if (!o || /^(?:家|家里)$/u.test(o)) return null;
    const out = [draft('employer', o, 0.9)];
    if (/实习$/u.test(c)) out.push(draft('occupation', '实习生', 0.8));
    return out;
  },
  (c) => {
    const m = new RegExp(`${I}在(.+?)(?:当|做|担任|任)(.+)$`, 'u').exec(c);
    if (!m) return null;
    const role = cleanChineseObject(m[2]!);
    if (!isChineseOccupation(role) && !/(?:工作|开发|设计|研究)$/u.test(role)) return null;
    return [draft('employer', cleanChineseObject(m[1]!), 0.88), draft('occupation', role, 0.88)];
  },
  (c) => {
    const m = new RegExp(
      `${I}(?:就职于|任职于|供职于|入职了?|加入了?|跳槽到了?|跳槽去了?|跳到了?|去了|换到了?)(.+?)(?:工作|上班|公司)?$`,
      'u',
    ).exec(c);
    if (!m) return null;
    const o = cleanChineseObject(m[1]!);
    if (!o || o.length > 20 || /^(?:一个|一家新)?(?:健身房|俱乐部)$/u.test(o)) return null;
    if (/^去了/u.test(c.replace(new RegExp(`^我${ZADV}`, 'u'), '')) && !/(?:工作|上班|公司)$/u.test(c)) return null;
    return [draft('employer', o, 0.85)];
  },
  (c) => {
    const m = new RegExp(`${I}(?:从(.+?)离职了?|离开了(.+?)(?:公司)?$|辞去了(.+?)的工作)`, 'u').exec(c);
    if (!m) return null;
    const o = cleanChineseObject(m[1] ?? m[2] ?? m[3] ?? '');
    return o ? [{ ...draft('employer', o, 0.85), positive: false }] : null;
  },
  // residence
  (c, ctx) => {
    const m = new RegExp(`${I}(?:要|准备|打算|将要|快要|计划)(?:搬到|搬去|搬家到)(.+)$`, 'u').exec(c);
    if (!m) return null;
    const o = cleanChineseObject(m[1]!.replace(/(?:去住|住|生活)$/u, ''));
    const when = resolveTime(c, ctx.at, 'zh');
    return o
      ? [draft('planned_move', o, 0.8, { kind: 'event', content: `用户要搬到${o}${when ? `（${when.value}）` : ''}` })]
      : null;
  },
  (c) => {
    const m =
      new RegExp(`${I}(?:住在|住|居住在|生活在|定居在|定居|常住在|落户在?)(.+)$`, 'u').exec(c) ??
      new RegExp(`${I}在(.+?)(?:住|生活|定居|居住|安家)(?:了|着)?$`, 'u').exec(c) ??
      // 在顺义买了房子 / 在杭州租了一套公寓: a home bought or rented somewhere is where one lives
      new RegExp(
        `${I}在(.{1,12}?)(?:买了?|租了?|买下了?)(?:一套|套|个|一个)?(?:新)?(?:房子?|公寓|新房)(?:了)?$`,
        'u',
      ).exec(c) ??
      new RegExp(
        `${I}(?:搬了?到了?|搬了?去了?|搬家到了?|搬回了?|搬来了?|迁居到?|移居到?)(.+?)(?:去|来)?(?:住|生活)?(?:了)?$`,
        'u',
      ).exec(c) ??
      /^我家(?:现在)?(?:在|住在)(.+)$/u.exec(c);
    if (!m) return null;
    const o = cleanChineseObject(m[1]!);
    if (!o || o.length > 20 || /^(?:这里|那里|这儿|那儿|家里|一起)$/u.test(o)) return null;
    return [draft('residence', o, 0.9)];
  },
  (c) => {
    const m = new RegExp(`${I}(?:来自|老家(?:是|在)|出生在|在(.+?)(?:出生|长大)的?)(.*)$`, 'u').exec(c);
    if (!m) return null;
    const o = cleanChineseObject(m[1] ?? m[2] ?? '');
    if (!o) return null;
    return [draft(/出生/u.test(c) ? 'birthplace' : 'hometown', o, 0.85)];
  },
  (c, ctx) => {
    const m = new RegExp(`${I}(?:出生于|生于|是(.+?)出生的|(.+?)出生)(.*)$`, 'u').exec(c);
    if (!m) return null;
    const phrase = m[1] ?? m[2] ?? m[3] ?? '';
    const t = resolveTime(phrase, ctx.at, 'zh');
    if (!t) return null;
    if (/^\d{4}$/.test(t.value)) return [draft('birth_year', t.value, 0.9)];
    const hasYear = /年/u.test(phrase.replace(/[今去明]年/u, ''));
    return [
      draft('birthday', hasYear ? t.value.slice(0, 10) : `--${t.value.slice(5, 10)}`, 0.9, {
        content: `用户的生日是${cleanChineseObject(phrase)}`,
      }),
    ];
  },
  // stage of schooling: 我在读研究生 / 我读高中 / 我在上大学
  (c) => {
    const m = new RegExp(
      `${I}(?:在)?(?:读|上|念)(研究生|研|博士|博|本科|大学|大一|大二|大三|大四|高中|高一|高二|高三|初中|初一|初二|初三|小学|硕士|MBA)(?:了)?$`,
      'u',
    ).exec(c);
    return m ? [draft('education_level', m[1]!, 0.85, { content: `用户在读${m[1]}` })] : null;
  },
  // school / study: 我在清华读计算机专业
  (c) => {
    const m = new RegExp(`${I}在(.+?)(?:读|学|念|修)(.{1,8}?)专业$`, 'u').exec(c);
    return m
      ? [draft('school', cleanChineseObject(m[1]!), 0.85), draft('field_of_study', cleanChineseObject(m[2]!), 0.85)]
      : null;
  },
  (c) => {
    const m =
      new RegExp(`${I}在(.+?)(?:上学|读书|念书|读大学|上大学|读研|读博|读研究生|读本科|上课|留学)(?:了)?$`, 'u').exec(
        c,
      ) ?? new RegExp(`${I}(?:毕业于|考上了|考进了|被(.+?)录取)(.*)$`, 'u').exec(c);
    if (!m) return null;
    const o = cleanChineseObject(m[1] ?? m[2] ?? '');
    return o ? [draft('school', o, 0.85)] : null;
  },
  (c) => {
    const m = new RegExp(`${I}(?:在|正在)?(?:学的是|读的是|主修|学|专业是)(.+?)(?:专业)?$`, 'u').exec(c);
    if (!m || /^(?:会(?!计)|习|过|着|不|没)/u.test(m[1]!)) return null;
    const o = cleanChineseObject(m[1]!);
    if (/^(?:学|习)$/u.test(o) || o.length > 12) return null;
    if (
      /^我[^学]*(?:(?<!现)在|开始|正在)学/u.test(c) ||
      (/^我(?:开始|正在)?学[^的]/u.test(c) && /开始|正在|(?<!现)在学/u.test(c))
    )
      return [draft(`learning.${slug(o)}`, o, 0.8, { content: `用户在学${o}` })];
    return [draft('field_of_study', o, 0.8)];
  },
  // diet and allergy
  (c) => {
    const veg = new RegExp(`${I}(?:开始|改|改成|改为)?吃((?:全|蛋奶|鱼|奶|纯|半)?素)(?:食)?(?:了)?$`, 'u').exec(c);
    if (veg) return [draft('diet', veg[1] === '素' ? '吃素' : veg[1]!, 0.9, { content: `用户吃${veg[1]}` })];
    // 我吃荤 / 我最近开始吃肉了 / 我平时吃肉比较多: eating meat is the diet (the other side of 吃素)
    const meat = new RegExp(`${I}(?:开始|改|改成|改为|又|重新)*吃(荤|肉)(?:比较多|为主|居多)?(?:了)?$`, 'u').exec(c);
    if (meat) return [draft('diet', `吃${meat[1]}`, 0.85, { content: `用户吃${meat[1]}` })];
    const m =
      new RegExp(`${I}(不|从不|从来不|不能|没法)(吃|喝)(.+)$`, 'u').exec(c) ??
      new RegExp(`${I}(?:又|重新)?(?:开始)(吃|喝)(.+)$`, 'u').exec(c);
    if (!m) return null;
    const negative = m.length === 4;
    const verb = negative ? m[2]! : m[1]!;
    const o = cleanChineseObject(negative ? m[3]! : m[2]!);
    if (!o || o.length > 8) return null;
    return [
      {
        ...draft(`diet.${slug(o)}`, o, 0.8, { content: negative ? `用户不${verb}${o}` : `用户${verb}${o}` }),
        positive: !negative,
      },
    ];
  },
  (c) => {
    const m = new RegExp(`${I}对(.+?)过敏$`, 'u').exec(c);
    return m ? [draft(`allergy.${slug(m[1]!)}`, cleanChineseObject(m[1]!), 0.9)] : null;
  },
  // partner, marital status
  (c) => {
    const m = new RegExp(`${I}(?:和|跟|与)(.+?)(结婚|订婚|在一起|分手|离婚)了?$`, 'u').exec(c);
    if (m && !NOT_A_PARTNER.test(m[1]!)) {
      const negative = /分手|离婚/u.test(m[2]!);
      const partner = { ...draft('partner', cleanChineseObject(m[1]!), 0.88), positive: !negative };
      return /结婚/u.test(m[2]!) ? [partner, draft('marital_status', '已婚', 0.85)] : [partner];
    }
    // 我们去年离婚了 / 我俩分手了: a couple's status is the user's
    const s = new RegExp(
      `^(?:我|我们|我俩|我们俩)${ZADV}(结婚|订婚|离婚|单身|分手|脱单|恋爱|谈恋爱|有对象)了?$`,
      'u',
    ).exec(c);
    if (!s) return null;
    const status = (
      {
        结婚: '已婚',
        订婚: '已订婚',
        离婚: '离异',
        单身: '单身',
        分手: '单身',
        脱单: '恋爱中',
        恋爱: '恋爱中',
        谈恋爱: '恋爱中',
        有对象: '恋爱中',
      } as Record<string, string>
    )[s[1]!]!;
    // the word the user said beside the status (用户结婚了（已婚）), as 三十岁（30岁）
    return [draft('marital_status', status, 0.85, status === s[1] ? {} : { content: `用户${s[1]}了（${status}）` })];
  },
  // pets: "养了一只叫球球的猫"
  (c) => {
    const m = new RegExp(
      `${I}(?:养了|有|收养了|领养了|买了)(?:一|两|\\d)?(?:只|条|匹|头|个)?(?:叫|名叫)(.{1,6}?)的(小?[\\u4e00-\\u9fff]{1,3})$`,
      'u',
    ).exec(c);
    if (!m || !PETS[m[2]!]) return null;
    return [draft(`pet.${PETS[m[2]!]}`, cleanChineseObject(m[1]!), 0.88, { label: m[2]! })];
  },
  // pets
  (c) => {
    const m = new RegExp(
      `${I}(?:养了|养着|养|有|收养了|领养了|买了)(?:一|两|三|\\d)?(?:只|条|匹|头|个)?(小?[\\u4e00-\\u9fff]{1,3}?)(?:[，,]?(?:它|他|她)?(?:叫|名叫|名字叫|的名字是)(.+))?$`,
      'u',
    ).exec(c);
    if (!m) return null;
    const pet = PETS[m[1]!];
    if (!pet) return null;
    const name = m[2] ? cleanChineseObject(m[2]) : null;
    return [draft(`pet.${pet}`, name ?? pet, 0.88, { label: m[1]! })];
  },
  // relatives: 我有一个弟弟叫王磊 / 我有两个女儿 / 我有个哥哥，名叫志明
  (c) => {
    const m = new RegExp(
      `${I}(?:有|还有)((?:一|两|二|三|四|五|\\d)?(?:个|位)?)(${Object.keys(FAMILY)
        .filter((k) => /^[\u4e00-\u9fff]+$/u.test(k))
        .join('|')})(?:[，,]?(?:他|她)?(?:叫|名叫|名字叫|的名字是)(.+))?$`,
      'u',
    ).exec(c);
    if (!m) return null;
    const rel = m[2]!;
    const name = m[3] ? cleanChineseObject(m[3]) : null;
    if (name) return [draft(`family.${FAMILY[rel]}`, name, 0.86, { label: rel })];
    const said = `${m[1] || '一个'}${rel}`;
    return [draft(`possession.${FAMILY[rel]}`, said, 0.7, { content: `用户有${said}` })];
  },
  // vehicles
  (c) => {
    const m = new RegExp(
      `${I}(?:开的是|骑的是|开(?!始|心|会|学|工|玩笑|店|门|课|播)|买了|提了|换了)(?:一辆|辆|台|一台|新的?|新车)*(.+)$`,
      'u',
    ).exec(c);
    if (!m) return null;
    const o = cleanChineseObject(m[1]!);
    if (!o) return null;
    const drives = new RegExp(`^我${ZADV}(?:开|骑)(?!始)`, 'u').test(c);
    if (isVehicle(o) || (drives && /^[A-Za-z\u4e00-\u9fff]/u.test(o) && o.length <= 20))
      return [draft('vehicle', o, 0.85)];
    const cat = categoryOf(o);
    if (cat && /换了|买了/u.test(c)) return [draft(cat, o, 0.85)];
    return null;
  },
  // tools
  (c, ctx) => {
    const m = new RegExp(
      `${I}(?:在|改|换|都|一般|平常)?(?:用|使用|用的是|改用|换用|转用)(?:的是)?(.+?)(?:来)?(写代码|编程|开发|写程序|写程式|打代码|敲代码|做开发|写东西|工作|记笔记|做笔记|写作)?$`,
      'u',
    ).exec(c);
    if (!m) return null;
    let o = cleanChineseObject(m[1]!);
    let purpose = m[2];
    // "用Python做数据分析": a Latin name is the tool, the Chinese after it what it is for
    const latin =
      /^([A-Za-z][\w.+#-]*(?:\s[A-Za-z][\w.+#-]*)*)\s*(?:来|去)?((?:做|写|搞|开发|处理|跑|训练|分析)[\u4e00-\u9fff]{1,8})$/u.exec(
        o,
      );
    if (latin) {
      o = latin[1]!;
      purpose = purpose ?? latin[2];
    }
    if (!o || o.length > 20 || /^(?:这个|那个|它|过)$/u.test(o)) return null;
    const cat = categoryOf(o);
    if (cat) return [draft(cat, o, 0.88, purpose ? { content: `用户用${o}${purpose}` } : {})];
    if (purpose) return [draft(`tool.${slug(purpose)}`, o, 0.8, { content: `用户用${o}${purpose}` })];
    const k = choiceKey(o, ctx.known, `uses.${slug(o)}`);
    return [draft(k.suffix, o, 0.75)];
  },
  (c) => {
    const m = new RegExp(`${I}(?:会说|会讲|能说|说)(.+?)(?:话)?$`, 'u').exec(c);
    if (!m) return null;
    const o = cleanChineseObject(m[1]!);
    return o && o.length <= 12 && /(语|文|话)$/u.test(o) ? [draft('spoken_languages', o, 0.85)] : null;
  },
  (c) => {
    const m = new RegExp(
      `${I}(?:今年)?(?:就|已经|都)?(?:刚满|满)?([\\d一二三四五六七八九十两]+)(?:周)?岁(?:了)?$`,
      'u',
    ).exec(c);
    const age = m ? parseChineseNumber(m[1]!) : null;
    if (!age || age >= 130) return null;
    // the number as the user wrote it, and in digits (三十岁 is also 30岁)
    const written = m![1]!;
    return [draft('age', String(age), 0.9, written === String(age) ? {} : { content: `用户${written}岁（${age}岁）` })];
  },
  // favourites, then preferences
  (c) => {
    const eat =
      /^我(?:现在|目前)?最(?:爱|喜欢)(吃|喝|看|听|玩|读)的(?:东西)?(?:现在|目前)?(?:是|变成了?|换成了?|成了)(.+)$/u.exec(
        c,
      );
    if (eat) {
      const what = ({ 吃: '食物', 喝: '饮料', 看: '电影', 听: '音乐', 玩: '游戏', 读: '书' } as Record<string, string>)[
        eat[1]!
      ]!;
      const o = cleanChineseObject(eat[2]!);
      return o
        ? [draft(`favourite_${zhNoun(what)}`, o, 0.88, { label: what, content: `用户最爱${eat[1]}的是${o}` })]
        : null;
    }
    const m =
      /^(?:我)?(?:现在|目前)?(?:(?:最)?喜欢的|最爱的)(.+?)(?:现在|目前|已经)?(?:是|变成了?|换成了?|成了|改成了?)(.+)$/u.exec(
        c,
      ) ?? /^(.+?)(?:是|成了|变成了)我(?:最喜欢的|最爱的)(.+)$/u.exec(c);
    if (!m) return null;
    const [what, value] = /(?:是|成了|变成了)我(?:最喜欢的|最爱的)/u.test(c) ? [m[2]!, m[1]!] : [m[1]!, m[2]!];
    const o = cleanChineseObject(value);
    return o
      ? [draft(`favourite_${zhNoun(cleanChineseObject(what))}`, o, 0.88, { label: cleanChineseObject(what) })]
      : null;
  },
  (c) => {
    const m =
      new RegExp(
        `${I}(?:很|非常|特别|超|超级|最|真的|挺|比较|更|蛮|一直都?|还是|越来越|开始)*(?:不太|不怎么|一点也不|一点都不|不)(?:喜欢|爱(?!人)|喜爱)(.+)$`,
        'u',
      ).exec(c) ??
      new RegExp(
        `${I}(?:很|非常|特别|超|真的|最|有点|比较)*(?:讨厌|受不了|反感|厌恶|烦|恨|不想再碰|吃不惯|喝不惯)(.+)$`,
        'u',
      ).exec(c);
    if (!m) return null;
    const o = cleanChineseObject(m[1]!);
    return o && o.length <= 15 ? [{ ...draft(`preference.${preferenceKey(o)}`, o, 0.85), positive: false }] : null;
  },
  (c) => {
    const m = new RegExp(
      `${I}(?:很|非常|特别|超|超级|最|真的|挺|比较|更|蛮|一直都?|还是|越来越|开始|也)*(?:喜欢|迷上了?|爱上了?|爱(?!人)|热爱|偏爱|钟爱|喜爱|偏好|痴迷于?|着迷于?)(.+)$`,
      'u',
    ).exec(c);
    if (!m) return null;
    const o = cleanChineseObject(m[1]!);
    if (!o || o.length > 15 || /^(?:你|它|这个|那个|这样|那样)$/u.test(o)) return null;
    return [draft(`preference.${preferenceKey(o)}`, o, 0.85)];
  },
  // 我的X是Y / 我的X现在是Y / 我的X换成了Y
  (c) => {
    const m =
      /^我的?(?:新|现在的|目前的|最新的)?(.{1,10}?)(?:现在|目前|已经|也|还|都|如今)?(不是|是|叫|为|换成了?|改成了?|变成了?|改为|换为|更新为|更新成|更换为)(.+)$/u.exec(
        c,
      );
    if (!m) return null;
    const hasDe = /^我的/u.test(c);
    let attr = m[1]!;
    // "我们项目的后端用的是…" is the project's (the environment rule)
    if (/^们?的?(?:项目|应用|仓库|代码库|服务|后端|前端|网站|系统|产品|服务器|集群)/u.test(attr)) return null;
    if (hasDe) attr = attr.replace(/^的/u, '');
    const key = zhAttribute(attr);
    if (!key) return null;
    if (!hasDe && !ATTRIBUTE_KEYS[attr] && !PETS[attr] && !FAMILY[attr]) return null;
    const o = cleanChineseObject(m[3]!);
    if (!o) return null;
    // 我的手机是华为P40: the phone itself, not its number
    if (key.suffix === 'contact.phone' && !/\d{6,}/.test(o.replace(/[\s-]/g, '')))
      return [{ ...draft(categoryOf(o) ?? 'phone', o, 0.85), positive: m[2] !== '不是' }];
    return [{ ...draft(key.suffix, o, 0.88, { label: key.label }), positive: m[2] !== '不是' }];
  },
  (c) => {
    const m = new RegExp(`${I}(?:是|成为了?|当上了?|做了|变成了?)(.+)$`, 'u').exec(c);
    if (!m) return null;
    const out = shiPhrase(m[1]!);
    return out.length ? out : null;
  },
  (c) => {
    const m = new RegExp(`${I}(?:做|从事)(.+?)(?:工作|行业|这一行)$`, 'u').exec(c);
    return m
      ? [draft('occupation', cleanChineseObject(m[1]!), 0.85, { content: `用户从事${cleanChineseObject(m[1]!)}工作` })]
      : null;
  },
  // environment
  (c) => {
    const m =
      /^(?:我们的?|这个|咱们的?|我的)?(项目|应用|仓库|代码库|服务|后端|前端|网站|团队|系统|数据库|产品|服务器|集群)(?:的(后端|前端|数据库|框架|缓存|服务器|语言|编程语言|消息队列|搜索引擎))?(?:现在|目前|主要|都)?(用的是|用|使用|采用|是用|基于|部署在|跑在|运行在|托管在)(.+?)(?:写的|开发的|构建的|实现的|上)?$/u.exec(
        c,
      );
    if (!m) return null;
    // "项目的数据库用的是MySQL": the part named is the slot (project.database)
    const part = m.splice(2, 1)[0];
    const subject = SUBJECT_ZH[m[1]!]!;
    if (part) {
      const o = cleanChineseObject(m[3]!);
      if (!o) return null;
      const slot = SUBJECT_ZH[part] ?? zhNoun(part);
      return [
        draft(`${subject}.${slot}`, o, 0.85, {
          namespace: 'env',
          type: 'ENVIRONMENT',
          kind: 'fact',
          predicate: slot,
          content: `${m[1]}的${part}是${o}`,
        }),
      ];
    }
    let predicate = /部署|跑|运行|托管/u.test(m[2]!) ? 'runs_on' : 'uses';
    let o = cleanChineseObject(m[3]!);
    // "项目用Redis做缓存": the purpose names the slot (project.缓存 = Redis)
    const purpose = /^(.+?)(?:来做|做|作为|当)(.{1,6})$/u.exec(o);
    if (purpose && predicate === 'uses') {
      o = purpose[1]!;
      predicate = zhNoun(purpose[2]!);
      return [
        draft(`${subject}.${predicate}`, o, 0.85, {
          namespace: 'env',
          type: 'ENVIRONMENT',
          kind: 'fact',
          predicate,
          content: `${m[1]}用${o}做${purpose[2]}`,
        }),
      ];
    }
    if (!o) return null;
    return [
      draft(`${subject}.${predicate}`, o, 0.85, {
        namespace: 'env',
        type: 'ENVIRONMENT',
        kind: 'fact',
        predicate,
        content: `${m[1]}${predicate === 'uses' ? '使用' : '运行在'}${o}`,
      }),
    ];
  },
  (c) => {
    const m = /^(?:我们|咱们)(?:现在|目前|主要|都)?(?:用|使用|采用)(.+?)(?:(?:来)?(做|写|管理|部署|存储)(.*))?$/u.exec(
      c,
    );
    if (!m) return null;
    const o = cleanChineseObject(m[1]!);
    if (!o || o.length > 20) return null;
    const purpose = m[2] ? slug(`${m[2]}${m[3] ?? ''}`) : (categoryOf(o) ?? slug(o));
    return [
      draft(`stack.${purpose}`, o, 0.8, {
        namespace: 'env',
        type: 'ENVIRONMENT',
        kind: 'fact',
        content: `团队使用${o}${m[2] ? `${m[2]}${m[3] ?? ''}` : ''}`,
      }),
    ];
  },
];

const NEGATION_WRAPPERS: Array<{ re: RegExp; rewrite: (m: RegExpExecArray) => string; confidence: number }> = [
  { re: /^我(?:已经)?不再(.+)$/u, rewrite: (m) => `我${m[1]}`, confidence: 1 },
  {
    re: /^我(?:已经|现在)?(?:不|没|没有)(住|在|用|使用|开|养|做|当|是|喜欢|爱|吃)(.+?)了$/u,
    rewrite: (m) => `我${m[1]}${m[2]}`,
    confidence: 1,
  },
  {
    re: /^我(?:以前|之前|原来|曾经|过去)(.+)$/u,
    rewrite: (m) => `我${m[1]!.replace(/过(?=.)/u, '')}`,
    confidence: 0.85,
  },
  {
    re: /^我(?:已经)?(?:戒了|戒掉了|不再|放弃了)(.+)$/u,
    rewrite: (m) => `我${/^(?:烟|酒)$/u.test(m[1]!) ? (m[1] === '烟' ? '抽烟' : '喝酒') : m[1]}`,
    confidence: 0.95,
  },
];

/** Facts stated by one prepared Chinese clause. */
/** 我生日其实是5月18日 / 我的名字实际上叫…: a correction's adverb between the attribute and its verb */
const CORRECTING = /^(我的?[\u4e00-\u9fff]{1,6}?)(?:其实|实际上|事实上|确实|本来)(是|叫|在)/u;

export function chineseClauseDrafts(said: string, ctx: ClauseContext): FactDraft[] {
  const clause = said.replace(CORRECTING, '$1$2');
  if (HYPOTHETICAL.test(clause)) return [];
  for (const w of NEGATION_WRAPPERS) {
    const m = w.re.exec(clause);
    if (!m) continue;
    const inner = chineseClauseDrafts(w.rewrite(m), ctx);
    if (inner.length) return inner.map((d) => ({ ...negate(d), confidence: d.confidence * w.confidence }));
  }
  for (const rule of [
    ...CHINESE_LIFE_RULES,
    ...CHINESE_TYPED_RULES,
    ...CHINESE_FRAME_RULES,
    ...CHINESE_CHANGE_RULES,
    ...CHINESE_SLOT_RULES,
    ...RULES,
  ]) {
    const out = rule(clause, ctx);
    // "学不下去", "跑不动": a verb's complement of inability is no value
    if (out && out.length)
      return out.filter((d) => d.object.trim().length > 0 && !/^(?:不|没)(?:动|下去|了|好|进去|懂|起)/u.test(d.object));
  }
  const event = eventDraft(clause, ctx);
  return event.length ? event : chineseHabitDraft(clause, ctx);
}

function eventDraft(clause: string, ctx: ClauseContext): FactDraft[] {
  if (!/^我(?!们)/u.test(clause)) return [];
  const when = resolveTime(ctx.original ?? clause, ctx.at, 'zh');
  if (!when) return [];
  const rest = clause.replace(when.phrase.split(' ')[0]!, '').replace(/^我/u, '').trim();
  if (rest.length < 2) return [];
  const said = (ctx.original ?? clause).replace(/[\s，,。.！!]+$/u, '');
  const content = `用户${said.replace(/^.*?我/u, '').replace(/我的/gu, '用户的')}（${when.value}）`;
  const what = slug(rest.replace(/^(?:要|会|将|得|去|在|有|了|的|已经|刚|刚刚)+/u, '').slice(0, 6));
  return [draft(`event.${what}`, when.value, 0.7, { kind: 'event', content, predicate: 'event' })];
}

const IMPLIED_SUBJECT =
  /^(?:现在|目前|已经|刚|也|还|一直|最近|住|在|喜欢|爱|讨厌|不喜欢|是|搬|用|开|养|不|做|当|换|来自|会|学|叫|对|加入|入职|跳槽|离开|辞|改|转|升|开始|又|把|有|卖|买|领养|收养|坐|骑|每)/u;

/** A clause whose subject is someone else ("他…", "我朋友…", a name with 说): later subjectless clauses may be theirs. */
const THIRD_PERSON =
  /^(?:你|他|她|它|他们|她们|我(?:的)?(?:朋友|同事|哥哥?|姐姐?|弟弟?|妹妹?|妈妈?|爸爸?|老公|老婆|儿子|女儿|男朋友|女朋友|室友|邻居|老板))/u;

/** A subjectless clause that opens with a change of the speaker's ("最近刚搬到长沙", "十月起在宁德时代做采购"). */
const SPEAKER_OPENS =
  /^(?:最近|刚刚?|已经|上个月|上周|今年|去年|前不久|现在|目前|如今)*(?:刚刚?)?(?:人在|在.{1,10}?(?:上班|工作|住|生活|读书|上学|做|当)|定居|搬到|搬去|搬家到|换了|换成|改用|改成|改学|改(?:喝|吃|骑|开|打|练|做|当|去)|迷上|爱上|开始|吃素|吃荤|吃肉|跳槽|入职|加入|辞职|离职|转行|改行|转学|升职|结婚|养了|领养了|收养了|买了|卖了|调到|被调|(?<=现在|目前|如今)在[^，,。]{1,12}了$|(?:骑车|骑自行车|骑电动车|坐地铁|坐公交|坐班车|开车|打车|步行|走路)(?:去)?(?:上班|上学|通勤))/u;

/** Clauses of a Chinese sentence; a clause continuing the previous subject gets "我" back. */
export function chineseClauses(sentence: string): string[] {
  const parts = sentence
    .split(/[，,、]|(?:而且|并且|但是|不过|所以|然后|同时)(?=我)/u)
    .map((s) => s.trim())
    .filter(Boolean);
  const out: string[] = [];
  let subjectIsMe = false;
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    // "我养了一只猫，叫咪咪": the name belongs to the pet, not to the user
    if (
      /^(?:它|他|她)?(?:叫|名叫|名字叫)/u.test(p) &&
      out.length > 0 &&
      /(?:养|有|收养|领养|换了新|有了新)/u.test(out[out.length - 1]!)
    ) {
      out[out.length - 1] = `${out[out.length - 1]}，${p}`;
      continue;
    }
    // "我在一家外企上班，叫西门子": the name belongs to the company; "给女儿改了名字，现在叫欣怡": to the one renamed
    if (
      /^(?:现在|以后|它|他|她)?(?:叫|名叫|名字叫)/u.test(p) &&
      out.length > 0 &&
      /(?:公司|外企|企业|单位|上班|工作|改了?名|改名)/u.test(out[out.length - 1]!)
    ) {
      out[out.length - 1] = `${out[out.length - 1]}，${p}`;
      continue;
    }
    let prepared = p.replace(LEAD, '');
    const since = i < parts.length - 1 || /^(?:自从|自打|打从)/u.test(prepared) ? SINCE_CLAUSE.exec(prepared) : null;
    if (since) prepared = (since[1] ?? since[2]!).trim();
    const untimed = prepared.replace(
      /^(?:去年底|去年|今年|年底|年初|上个月|下个月|上周|下周|最近|前几天|前阵子|这阵子|现在|目前|后来|如今|(?:这|上|新|这个|上个)学期|[0-9一二三四五六七八九十]{1,2}月(?:份)?(?:起|开始))+/u,
      '',
    );
    // Chinese drops the subject: a sentence that opens with a change ("最近刚搬到长沙") is the speaker's.
    // (a later clause too, when no one else was the subject before it: "天津的房子卖了，现在定居青岛")
    if (
      (i === 0 || !out.some((o) => THIRD_PERSON.test(o))) &&
      !/^(?:你|他|她|它|我)/u.test(prepared) &&
      (SPEAKER_OPENS.test(prepared) || SPEAKER_OPENS.test(untimed))
    ) {
      subjectIsMe = true;
      out.push(`我${prepared}`);
      continue;
    }
    if (/^我/u.test(prepared)) {
      // "我朋友卖了房子，现在…": the friend stays the subject
      subjectIsMe = !THIRD_PERSON.test(prepared);
      out.push(since ? prepared : p);
    } else if (
      subjectIsMe &&
      (IMPLIED_SUBJECT.test(prepared) || (untimed !== prepared && IMPLIED_SUBJECT.test(untimed)))
    ) {
      out.push(`我${prepared}`);
    } else {
      subjectIsMe = false;
      out.push(since ? prepared : p);
    }
  }
  return out;
}

/** "我换工作了" / "我改名了" names a slot whose new value the next clause gives ("现在在宝马", "现在叫张晓龙"). */
const CHANGED_SLOT: Array<[RegExp, string]> = [
  [/^我(?:又)?(?:换了?(?:一)?(?:份|个)?(?:新)?工作|跳槽|离职|辞职|辞工|不干了)了?$/u, 'employer'],
  [/^我(?:又)?转(?:了)?专业了?$/u, 'field_of_study'],
  [/^(?:我的?)?手机(?:摔|用|泡水)?(?:坏|丢|没)了$/u, 'phone'],
  [/^我(?:换了?(?:一)?(?:台|个)?(?:新)?(?:电脑|笔记本))了?$/u, 'laptop'],
  [/^我(?:把)?(?:改了?名(?:字)?|名字改了)了?$/u, 'name'],
  [/^我(?:换了?(?:一)?(?:辆|台)?车)了?$/u, 'vehicle'],
  [/^我(?:换了?(?:一)?(?:部|个|台)?手机)了?$/u, 'phone'],
  [/^我(?:又)?搬家了?$/u, 'residence'],
];
export function chineseChangedSlot(clause: string): FactDraft | null {
  // "换工作了，去了招商银行": said without a subject, the change is the user's
  const own = /^(?:我|你|他|她|它)/u.test(clause) ? clause : `我${clause}`;
  for (const [re, suffix] of CHANGED_SLOT)
    if (re.test(own)) return { suffix, object: '', positive: false, confidence: 0.8 };
  return null;
}

/** The value of the slot just named as changed: "现在在宝马", "现在叫张晓龙", "现在开比亚迪". */
export function chineseAnaphoricDraft(clause: string, previous: FactDraft | null): FactDraft | null {
  if (!previous || previous.positive || previous.object !== '') return null;
  const m =
    /^我?(?:现在|目前|如今|已经)*(?:在|叫|开|用|是|住在|去了|读|学|改用|换了?|骑)(.{1,20}?)(?:了|工作|上班|住)*$/u.exec(
      clause,
    );
  const v = m ? cleanChineseObject(m[1]!) : '';
  return v ? draft(previous.suffix, v, 0.8) : null;
}
