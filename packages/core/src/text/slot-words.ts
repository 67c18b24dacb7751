/**
 * Words people use when asking or talking about a kind of fact (English and Chinese) — a paraphrase
 * class per slot. Retrieval indexes them with a memory under that key so a question finds its fact
 * whatever the fact's own wording ("where does the user live?" finds "User moved to Montreal",
 * "用户在哪家公司上班" finds "用户在华为工作"); extraction uses them to recognise a known slot named
 * in other words ("made the move to Edinburgh" is the residence, "我把专业换成了计算机" the field
 * of study). Keyed by the key's first segment after the namespace (env keys: also by the last).
 */
import { wordTable } from '../util/word-table';
const SLOT_WORDS: Record<string, string> = wordTable({
  name: 'name called 名字叫什么 叫什么名字',
  nickname: 'name called nickname 昵称 叫什么',
  surname: 'surname name maiden 姓什么 姓氏 改名 改姓',
  residence: 'live lives living home city town based location moved 住在哪里 住在哪个城市 住哪 现在住 居住地',
  hometown: 'from hometown grew up 老家在哪 来自哪里 家乡',
  employer: 'work works job company employer employed office 在哪家公司 在哪里上班 在哪工作 公司上班 工作单位',
  occupation:
    'job work profession occupation role title career position 做什么工作 职业是什么 是做什么的 职位是什么 现在的工作',
  partner:
    'partner spouse wife husband boyfriend girlfriend dating married relationship 伴侣是谁 男朋友是谁 女朋友是谁 老公是谁 老婆是谁 对象是谁',
  marital_status: 'married single relationship partner 结婚了吗 婚姻状况 单身吗 伴侣是谁',
  pet: 'pet dog cat animal name 狗叫什么 猫叫什么 宠物叫什么名字 的狗 的猫',
  vehicle: 'car drive drives vehicle ride rides get around 开什么车 的车是什么 汽车 座驾',
  diet: 'diet eat eats food vegetarian vegan 饮食习惯 吃什么 吃素',
  contact: 'contact reach email phone number address 电话是多少 手机号码是多少 号码是多少 邮箱是什么 邮箱地址 联系方式',
  editor: 'editor ide code coding 什么编辑器 写代码用什么',
  programming_language: 'language programming code coding write 什么编程语言 写什么语言 用什么语言',
  operating_system: 'operating system os computer laptop 什么系统 电脑系统 操作系统',
  browser: 'browser 什么浏览器',
  phone: 'phone device mobile 什么手机',
  school: 'school university college study studies attend 哪所学校 哪所大学 在哪读书 在哪上学',
  field_of_study: 'major study studies studying subject degree 什么专业 学什么专业 学的是什么',
  learning: 'learning learn studying language 在学什么 学什么语言 学什么乐器',
  frequency: 'often how many times week weekly frequency 几次 每周几次 多久一次',
  time: 'time when what time 几点 什么时候',
  count: 'how many number count total 多少 几个 几只 几辆 有多少',
  commute: 'commute get to work travel 怎么上班 怎么去上班 通勤',
  preference: 'likes like enjoys into hobby interest 喜欢什么 爱好是什么 做什么运动 打什么球 玩什么',
  favourite: 'favourite favorite 最喜欢什么 最喜欢的是什么 最爱',
  family: 'family name 叫什么 是谁',
  project: 'project 项目 什么时候 用什么',
  age: 'old age years birthday 多大 几岁 年龄',
  medication:
    'medication medicine medicines drug drugs take takes taking prescription prescribed pill pills tablet inhaler 吃什么药 用什么药 药物 服用 吃药',
  dose: 'dose dosage how much how many pills tablets mg 剂量 几片 吃几片 多少毫克',
  team: 'team department group squad division unit 哪个组 哪个部门 什么部门 团队',
  sports_team: 'team support supports root fan club 支持哪个队 哪支球队 球队',
  favourite_team: 'team support supports root fan club 支持哪个队 哪支球队 球队',
  sport: 'sport sports play plays game 什么运动 打什么球 运动',
  instrument: 'instrument play plays music 什么乐器 弹什么',
  salary: 'salary earn earns make makes income pay paid money 工资 月薪 年薪 收入 挣多少',
  hourly_rate: 'rate hourly charge charges pay 时薪 每小时',
  rent: 'rent pay pays housing 房租 租金',
  bank: 'bank banks banking account 哪家银行 银行',
  membership: 'member membership gym club 会员',
  laptop: 'laptop computer notebook machine 笔记本 电脑',
  current_game: 'game playing play video 什么游戏 玩什么',
  schedule: 'when day days schedule weekly 哪天 星期几 周几 什么时候',
  plan: 'when date plan planned scheduled 什么时候 哪天 日期 计划',
  tool: 'use uses tool app 用什么 工具 软件',
  uses: 'use uses using 用什么 使用',
  hobby: 'hobby hobbies into enjoys free time weekends pastime 爱好 兴趣 业余',
  activity: 'do does activity activities hobby sport free time into 做什么 爱好 运动',
  education_level: 'school study studies studying grade level degree student 读几年级 在读什么 学历 读书',
  hometown_city: 'from hometown 老家 家乡',
  // env predicates (env.<subject>.<predicate>): what a project runs on, is written in, is hosted on
  hosted_on: 'host hosted hosting deploy deployed deployment cloud runs 部署在哪里 托管 部署',
  deployed_on: 'host hosted hosting deploy deployed deployment cloud runs 部署在哪里 托管 部署',
  runs_on: 'run runs running host hosted deploy cloud platform 运行在 部署',
  written_in: 'written language code built 用什么语言 写的',
  built_with: 'built framework made written 用什么框架 用什么做的',
  database: 'database db store stores data 数据库',
});

/**
 * Verbs and function words a measure's key holds besides what it measures ("user.frequency.go_to_gym"
 * is about the gym, "user.time.get_up" about getting up: nothing is left, the key is its own words).
 */
export const MEASURE_KEY_FILLER =
  /^(?:go|goes|going|went|do|does|doing|did|have|has|take|takes|play|plays|get|gets|make|makes|see|sees|to|the|a|an|my|at|in|on|for|with|of|every|usually|least|most|time|times|去|做|上|练)$/u;

/** Env keys are read by their predicate too ("env.app.hosted_on" is about hosting). */
const ENV_PREDICATE_WORDS: Record<string, string> = wordTable({ is: '', uses: SLOT_WORDS.uses! });

/** The question words for a memory's key (empty for unkeyed memories and unknown kinds). */
export function slotWords(key: string | null): string {
  if (!key) return '';
  const parts = key.split('.');
  const family = parts[1] ?? '';
  const own = SLOT_WORDS[family] ?? (family.startsWith('favourite_') ? SLOT_WORDS.favourite! : '');
  if (parts[0] !== 'env' || parts.length < 3) return own;
  const predicate = parts[parts.length - 1]!;
  const extra = ENV_PREDICATE_WORDS[predicate] ?? SLOT_WORDS[predicate] ?? '';
  return [own, extra].filter(Boolean).join(' ');
}

const stemEnding = (x: string) => x.replace(/(?:ing|ed|es|s|e)$/, '');

/** Each family's words and their stems, split once (a search looks up every word of its question). */
const FAMILY_WORDS: ReadonlyArray<{ family: string; words: readonly string[]; stems: readonly string[] }> =
  Object.entries(SLOT_WORDS).map(([family, words]) => {
    const list = words.split(/\s+/);
    return { family, words: list, stems: list.map(stemEnding) };
  });

/** The slot families whose paraphrase class has this word (English, compared stemmed) or phrase (Chinese, as a substring of one of the class's phrases). */
export function slotFamiliesOfWord(word: string): string[] {
  const w = word.toLowerCase();
  if (!w) return [];
  const cjk = /[\u3400-\u9fff]/u.test(w);
  const stemmed = w.length >= 4 ? stemEnding(w) : null;
  const out: string[] = [];
  for (const { family, words, stems } of FAMILY_WORDS)
    if (
      cjk
        ? w.length >= 2 && words.some((x) => x.includes(w))
        : words.includes(w) || (stemmed !== null && stems.includes(stemmed))
    )
      out.push(family);
  return out;
}
