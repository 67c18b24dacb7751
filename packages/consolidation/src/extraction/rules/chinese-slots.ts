import { draft, type FactDraft } from './draft';
import { ZH_ADV } from './chinese-adverbs';
import type { ClauseContext } from './clause';
import { ATTRIBUTE_KEYS, FAMILY, PETS, categoryOf, isChineseOccupation } from './lexicon';
import { cleanChineseObject, slug } from './text';
import { draftForKey } from './value-match';

/**
 * Slot frames (Chinese, matched on Simplified text): what a clause says about which slot, read from
 * its head words and the shape of its value wherever the frame sits — 人在大理 / 我现在在深圳 (a
 * user whose city is known), 被调到运维组, 转学到台大, 给狗改名叫阿福, 月薪两万, 房东把房租涨到3500,
 * 婚礼推迟到十一月八号, 后端全部用Go重写了, 我支持湖人队.
 */

type Rule = (c: string, ctx: ClauseContext) => FactDraft[] | null;

const ZADV = ZH_ADV;
const I = `^我${ZADV}`;
const knows = (ctx: ClauseContext, key: string) => ctx.known.some((k) => k.key === key);
const clean = (s: string) => cleanChineseObject(s.replace(/[了的]$/u, ''));
const TEAM = /(?:部|组|团队|部门|科室|处|事业部|小组|项目组)$/u;
const DRUG_ZH = /(?:双胍|地平|他汀|沙坦|普利|洛尔|胰岛素|激素|片|胶囊|颗粒|药|素|霉素|西林|喷雾|口服液)$/u;
/** Money and amounts: 3500, 两万, 一万五, 3000元. */
const AMOUNT =
  /^(?:每月|每个月|一个月|月|每年|一年)?(?:\d[\d,.]*|[一二三四五六七八九十两百千万]+)(?:元|块|块钱|万|千|美元|刀)?(?:一个月|每月|一年)?$/u;

export const CHINESE_SLOT_RULES: Rule[] = [
  // 人在大理 / 我现在在深圳 / 现在人在杭州: where the user is, said of a user whose city is known (or with 人在)
  (c, ctx) => {
    const m = new RegExp(
      `^(?:我)?(${ZADV})(人)?(?:现在|目前)?在([\\u4e00-\\u9fffA-Za-z]{2,8}?)(?:了|啦|呢)?$`,
      'u',
    ).exec(c);
    if (!m) return null;
    // "还在适应" is not a place: without 人, only "(我)现在在X" says where the user is
    if (!m[2] && !/(?:现在|目前|如今)/u.test(m[1]!) && !/^我在/u.test(c)) return null;
    m.splice(1, 1);
    const place = clean(m[2]!);
    if (
      !place ||
      TEAM.test(place) ||
      /(?:家|这|那|路上|公司|学校|上班|工作|开会|加班|忙|吃|看|学|想|考虑|用|买|租|卖)/u.test(place)
    )
      return null;
    if (!m[1] && !knows(ctx, 'user.residence')) return null;
    // 我现在在宝马 after 换工作: the employer, not a city
    if (
      !m[1] &&
      knows(ctx, 'user.employer') &&
      /(?:换工作|换了工作|跳槽|入职|上班)/u.test(ctx.sentence ?? ctx.original ?? '')
    )
      return [draft('employer', place, 0.8)];
    return [draft('residence', place, 0.82)];
  },
  // 回老家福州定居了 / 搬回成都住了
  (c) => {
    const m = new RegExp(
      `${I}(?:回|搬回|去|到)(?:了)?(?:老家|家乡)?(.{2,8}?)(?:定居|安家|长住|生活|住)(?:了)?$`,
      'u',
    ).exec(c);
    if (!m) return null;
    const v = clean(m[1]!);
    return v ? [draft('residence', v, 0.84)] : null;
  },
  // 公司把我调到市场部了 / 我被调到运维组 / 我在销售部 / 我在研发部做测试
  (c) => {
    const moved =
      /(?:把我|我被|被|我)(?:调到了?|调去了?|调入|转到了?|分到了?|派到了?|安排到了?)(.{1,10}?)(?:了|工作|上班)?$/u.exec(
        c,
      );
    if (moved) {
      const v = clean(moved[1]!);
      return v && TEAM.test(v) ? [draft('team', v, 0.85, { content: `用户在${v}` })] : null;
    }
    const at = new RegExp(`${I}在(.{1,10}?)(?:工作|上班|做.{1,6}|当.{1,6})?$`, 'u').exec(c);
    const v = at ? clean(at[1]!) : '';
    return v && TEAM.test(v) && !/(?:公司|集团|大学|银行)/u.test(v)
      ? [draft('team', v, 0.84, { content: `用户在${v}` })]
      : null;
  },
  // 我被调到了阿里巴巴 / 公司把我派到财务部: a transfer is to a unit (team) or, for a user whose employer is known, an employer
  (c, ctx) => {
    const m =
      new RegExp(`${I}(?:被)?(?:调|派|外派|借调|分配|转岗)到了?(.{2,12}?)(?:去)?(?:工作|上班|了)*$`, 'u').exec(c) ??
      /把我(?:调|派|外派|借调|分配)到了?(.{2,12}?)(?:去)?(?:工作|上班|了)*$/u.exec(c);
    if (!m) return null;
    const v = clean(m[1]!);
    if (!v) return null;
    if (TEAM.test(v)) return [draft('team', v, 0.82, { content: `用户在${v}` })];
    return knows(ctx, 'user.employer') && !/(?:市|省|县|区)$/u.test(v) ? [draft('employer', v, 0.8)] : null;
  },
  // 转学到台大 / 转到了复旦
  (c, ctx) => {
    const m =
      new RegExp(`${I}(?:转学到了?|转学去了?|转校到了?)(.+?)(?:了|读书|上学|念书)?$`, 'u').exec(c) ??
      (knows(ctx, 'user.school')
        ? new RegExp(
            `${I}(?:转到了?|考到了?|考上了?|去了?)(.+?大学|.+?学院|.+?[中小]学|.+?大)(?:了|读书|上学|念书|(?:读|念|攻读|上)(?:博士?|研究生|研|硕士|本科|大学|高中|初中)?)?(?:了)?$`,
            'u',
          ).exec(c)
        : null);
    return m && clean(m[1]!) ? [draft('school', clean(m[1]!), 0.85)] : null;
  },
  // 转到星宇航空 / 跳到了美团 (a user whose employer is known)
  (c, ctx) => {
    if (!knows(ctx, 'user.employer')) return null;
    const m = new RegExp(
      `${I}(?:转到了?|跳到了?|换到了?|去了|(?:改|换|转)去了?|join了?|加入了?)(.{2,12}?)(?:了|工作|上班|打工|公司)?$`,
      'iu',
    ).exec(c);
    if (!m) return null;
    const v = clean(m[1]!);
    return v && !TEAM.test(v) && !/(?:学校|大学|健身房)$/u.test(v) ? [draft('employer', v, 0.82)] : null;
  },
  // 我上个月join了Meta (English verbs inside Chinese)
  (c) => {
    const m = new RegExp(
      `${I}(?:join了?|加入了?|入职了?)\\s*([A-Za-z][\\w .&-]{1,30}?|[\\u4e00-\\u9fff]{2,10}?)(?:了|公司)?$`,
      'iu',
    ).exec(c);
    return m && clean(m[1]!) ? [draft('employer', clean(m[1]!), 0.82)] : null;
  },
  // 我现在做产品经理 / 我改做设计了 / 当了老师
  (c) => {
    const m = new RegExp(`${I}(?:在|正在)?(?:做|当|干)(?:了)?(?:一名|一个|个|名)?(.{2,8}?)(?:了|工作)?$`, 'u').exec(c);
    if (!m) return null;
    const v = clean(m[1]!);
    return v && isChineseOccupation(v) ? [draft('occupation', v, 0.84)] : null;
  },
  // 给狗改名叫阿福 / 给女儿改了名字，现在叫欣怡
  (c, ctx) => {
    const m =
      /(?:给|把)(.{1,4}?)(?:改名(?:字)?(?:叫|为|成)了?|改了名字?[，,]?(?:现在|以后)?(?:叫|为)|的名字改成了?|改叫)(.+)$/u.exec(
        c,
      );
    if (!m) return null;
    const who = m[1]!.replace(/^(?:我们的?|我的?)/u, '');
    const name = clean(m[2]!);
    if (!name) return null;
    const suffix = PETS[who] ? `pet.${PETS[who]}` : FAMILY[who] ? `family.${FAMILY[who]}` : null;
    if (!suffix) return null;
    const k = ctx.known.find((x) => x.key === `user.${suffix}`);
    const content = k?.object && k.content.includes(k.object) ? k.content.replace(k.object, name) : undefined;
    return [draft(suffix, name, 0.86, { label: who, ...(content ? { content } : {}) })];
  },
  // 月薪两万 / 现在房租21000 / 我的工资是一万五
  (c) => {
    const m =
      /^(?:我的?)?(?:现在|目前)?(?:的)?(月薪|年薪|工资|薪水|底薪|房租|租金|房贷|时薪|日薪|月供)(?:现在|目前|已经)?(?:是|为|有|涨到了?|降到了?|变成了?|改成了?)?(.+)$/u.exec(
        c,
      );
    if (!m) return null;
    const v = clean(m[2]!);
    if (!v || !AMOUNT.test(v)) return null;
    return [draft(ATTRIBUTE_KEYS[m[1]!] ?? slug(m[1]!), v, 0.85, { label: m[1]!, content: `用户的${m[1]}是${v}` })];
  },
  // 房东把房租涨到3500了 / 公司把我的工资涨到了两万
  (c, ctx) => {
    const m =
      /把(?:我的?)?(.{1,6}?)(?:涨到了?|降到了?|改到了?|调到了?|提到了?|加到了?|减到了?|提高到了?|降低到了?)(.+)$/u.exec(
        c,
      );
    if (!m) return null;
    const attr = clean(m[1]!);
    const v = clean(m[2]!);
    if (!attr || !v || TEAM.test(v)) return null;
    const key = ctx.known.find((k) => k.key === `user.${ATTRIBUTE_KEYS[attr] ?? slug(attr)}`)?.key;
    return [
      key
        ? draftForKey(key, v, 0.85, { content: `用户的${attr}是${v}` })
        : draft(ATTRIBUTE_KEYS[attr] ?? slug(attr), v, 0.82, { label: attr, content: `用户的${attr}是${v}` }),
    ];
  },
  // plans: 我的婚礼定在十月一号 / 婚礼推迟到十一月八号了 / 瑜伽课改到周末了
  (c, ctx) => {
    const set = /^(?:我的?|我们的?)?(.{1,8}?)(?:定在|订在|安排在|约在|改在)(.+?)(?:举行|举办|进行|开始)?$/u.exec(c);
    const moved = /^(?:我的?|我们的?)?(.{1,8}?)(?:推迟|延期|延后|延|提前|改|调整|挪|推|换)(?:到|至|成)了?(.+)$/u.exec(
      c,
    );
    const m = moved ?? set;
    if (!m) return null;
    const what = clean(m[1]!);
    const when = clean(m[2]!);
    if (
      !what ||
      !when ||
      !/(?:[一二三四五六七八九十\d]+月|[一二三四五六七八九十\d]+[号日]|周[一二三四五六日末]|星期|年底|年初|月底|月初|下周|下个月|明年|今年|周末|点)/u.test(
        when,
      )
    )
      return null;
    // The plan's slot is the known fact about the same thing (a fact whose key or sentence names it).
    const k = ctx.known.find(
      (x) =>
        (x.key.startsWith('user.plan.') || x.key.startsWith('user.schedule.') || x.key.startsWith('user.event.')) &&
        x.content.includes(what),
    );
    if (k && !k.key.startsWith('user.event.'))
      return [draftForKey(k.key, when, 0.85, { content: `用户的${what}在${when}` })];
    if (!moved && !/^(?:我的?|我们的?)/u.test(c)) return null;
    return [draft(`plan.${slug(what)}`, when, 0.84, { label: what, content: `用户的${what}在${when}` })];
  },
  // routine days: 我每周二和周四上瑜伽课
  (c) => {
    const m = new RegExp(
      `${I}每(周[一二三四五六日天末](?:和周[一二三四五六日天]|、周[一二三四五六日天])*|天|个?周末|星期[一二三四五六日天](?:和星期[一二三四五六日天])*)(?:都)?(?:去|上|做|练|打)(.{1,8}?)(?:了)?$`,
      'u',
    ).exec(c);
    if (!m) return null;
    const what = clean(m[2]!);
    // 每天打胰岛素 is a medication taken daily, not a routine called 胰岛素
    if (what.length >= 2 && DRUG_ZH.test(what)) return null;
    return what
      ? [
          draft(`schedule.${slug(what)}`, `每${m[1]}`, 0.84, {
            label: what,
            content: `用户每${m[1]}${/课$/u.test(what) ? '上' : ''}${what}`,
          }),
        ]
      : null;
  },
  // 我现在一周去五次健身房 / 改成一周两次 (the one known routine when the activity is left out)
  (c, ctx) => {
    const m = new RegExp(
      `^(?:我)?${ZADV}(?:改成了?|变成了?|减到|增加到|加到)?(一周|每周|每星期|一星期|每天|一天|每个?月|一个月)(?:去|做|练|上|跑)?(\\d+|[一二三四五六七八九十两]+)次(.{0,8}?)(?:了)?$`,
      'u',
    ).exec(c);
    if (!m) return null;
    const act = clean(m[3]!.replace(/^(?:去|做|练|上)/u, ''));
    const freq = `${m[1]!.replace(/^一/u, '每')}${m[2]}次`;
    if (act) return [draft(`frequency.${slug(act)}`, freq, 0.84, { content: `用户${freq}${act}` })];
    const routines = ctx.known.filter((k) => k.key.startsWith('user.frequency.'));
    if (routines.length !== 1) return null;
    const r = routines[0]!;
    return [
      draftForKey(r.key, freq, 0.8, {
        content:
          r.object && r.content.includes(r.object)
            ? r.content.replace(r.object, freq)
            : `用户${freq}去${r.key.slice('user.frequency.'.length)}`,
      }),
    ];
  },
  // 后端全部用Go重写了 / 前端改用Vue了
  (c, ctx) => {
    const m =
      /^(?:我们的?|咱们的?)?(后端|前端|项目|应用|网站|服务|系统|数据库|接口|API|api)(?:已经|全部|都|现在)*(?:用|改用|换成|换用)(.+?)(?:重写|重构|重做|实现|写)?了?$/u.exec(
        c,
      );
    if (!m) return null;
    const subject = (
      {
        后端: 'backend',
        前端: 'frontend',
        项目: 'project',
        应用: 'app',
        网站: 'website',
        服务: 'service',
        系统: 'system',
        数据库: 'database',
        接口: 'api',
        API: 'api',
        api: 'api',
      } as Record<string, string>
    )[m[1]!]!;
    const v = clean(m[2]!);
    // 项目用Redis做缓存: a purpose names the slot (the environment rule reads it)
    if (!v || /.(?:来做|做|作为|当).{1,6}$/u.test(v)) return null;
    const held = ctx.known.filter((k) => k.key.startsWith(`env.${subject}.`) && k.object);
    if (held.length === 1) return [draftForKey(held[0]!.key, v, 0.85, { content: `${m[1]}使用${v}` })];
    return [
      draft(`${subject}.uses`, v, 0.84, {
        namespace: 'env',
        type: 'ENVIRONMENT',
        kind: 'fact',
        predicate: 'uses',
        content: `${m[1]}使用${v}`,
      }),
    ];
  },
  // 我支持湖人队 / 改支持勇士队了
  (c) => {
    const m = new RegExp(`${I}(?:改)?(?:支持|喜欢的球队是|是(.{1,6}?)(?:的)?球迷)(.{0,8}?)(?:了)?$`, 'u').exec(c);
    if (!m) return null;
    const v = clean(m[1] ?? m[2] ?? '');
    return v && /(?:队|FC|俱乐部|联)$|^[A-Za-z]/u.test(v)
      ? [draft('sports_team', v, 0.84, { content: `用户支持${v}` })]
      : null;
  },
  // medication: 我在吃二甲双胍 / 我每天吃一片氨氯地平
  (c) => {
    const m = new RegExp(
      `${I}(?:在|每天|一直)?(?:吃|服用|用|打)(?:(一|两|二|三|半|\\d+)(片|粒|颗|针|次))?(.{2,8}?)(?:了)?$`,
      'u',
    ).exec(c);
    if (!m) return null;
    const drug = clean(m[3]!);
    // 全素 / 蛋奶素 is a diet, not a hormone
    if (!drug || drug.length < 2 || !DRUG_ZH.test(drug) || /^(?:全|蛋奶|鱼|奶|纯|半)?素(?:食)?$/u.test(drug))
      return null;
    const out = [draft('medication', drug, 0.82, { content: `用户在吃${drug}` })];
    if (m[1])
      out.push(draft(`dose.${slug(drug)}`, `${m[1]}${m[2]}`, 0.82, { content: `用户每天吃${m[1]}${m[2]}${drug}` }));
    return out;
  },
  // 开始生酮饮食 / 我现在吃生酮
  (c) => {
    const m = new RegExp(
      `${I}(?:开始|改成|改为|换成|坚持)?(?:了)?(生酮|低碳水?|地中海|轻断食|间歇性断食|纯素|素食|低脂|无麸质)(?:饮食)?(?:了)?$`,
      'u',
    ).exec(c);
    return m ? [draft('diet', `${m[1]}饮食`, 0.84, { content: `用户${m[1]}饮食` })] : null;
  },
  // 手机换成iPhone 15 Pro了 / 编辑器改成了Neovim (the attribute named, the subject left out)
  (c, ctx) => {
    const m = /^(?:我的?)?(?:现在的?)?(.{1,6}?)(?:已经|现在|也)?(?:换成了?|改成了?|变成了?|改为|换为|换了)(.+)$/u.exec(
      c,
    );
    if (!m) return null;
    const attr = m[1]!;
    // 氨氯地平改成每天两片: the known slot about that very thing (user.dose.氨氯地平)
    const held = ctx.known.filter(
      (k) => k.key.startsWith('user.') && k.key.split('.').length === 3 && k.key.endsWith(`.${slug(attr)}`),
    );
    let suffix = ATTRIBUTE_KEYS[attr] ?? (held.length === 1 ? held[0]!.key.slice('user.'.length) : null);
    const v = clean(m[2]!);
    if (!suffix || !v) return null;
    if (suffix === 'contact.phone' && !/\d{6,}/.test(v.replace(/[\s-]/g, ''))) suffix = categoryOf(v) ?? 'phone';
    return [draft(suffix, v, 0.85, { label: attr })];
  },
];
