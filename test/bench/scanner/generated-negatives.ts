/**
 * Generated benign texts for the learned stage's training (split `gen`, round 9): ordinary sentences
 * that use the scanner's trigger words without asking anything of an AI reader, written from templates
 * of our own across domains (work, family, travel, health, software, security, school), English,
 * Chinese and mixed, in the classes the unseen sets' hard negatives come from:
 *
 * - notes to a future reader that carry no instruction ("Note for future sessions: I'm working on …"),
 * - talk about prompt injection, jailbreaks and leaks (research, workshops, reports) with no attack in it,
 * - security and configuration documentation (keys, admin roles, filters, system prompts as files),
 * - ordinary uses of "ignore / forget / from now on / system prompt / override / developer mode /
 *   new instructions / role / reveal / secret" and their Chinese equivalents,
 * - a user's own preferences and reminders addressed to their own assistant,
 *
 * each sometimes inside a carrier (a mail, a JSON status, a code comment, a calendar entry, a chat line).
 * Deterministic (seeded): the same file gives the same texts. One group per template, so
 * cross-validation never trains and scores on variants of one template. Not copied from any split.
 */
import type { CorpusNegative } from './corpus';

type Lang = 'en' | 'zh' | 'mixed';
interface Template {
  id: string;
  lang: Lang;
  text: string;
}

const EN_SLOTS: Record<string, readonly string[]> = {
  project: [
    'the Q3 report',
    'the grant application',
    'the kitchen renovation budget',
    'the migration to Postgres 16',
    'the wedding seating plan',
    'the thesis chapter on soil bacteria',
    'the quarterly tax filing',
    'the onboarding guide',
    'the conference talk on caching',
    'the new pricing page',
    'the volunteer rota',
    'the insurance claim',
  ],
  day: [
    'Monday',
    'Tuesday',
    'Thursday',
    'Friday',
    'next week',
    'the 14th',
    'tomorrow morning',
    'the end of the month',
    'March 3',
    'after the holidays',
  ],
  person: [
    'Priya',
    'my sister',
    'the landlord',
    'Dr. Okafor',
    'our team lead',
    'Grandma',
    'the plumber',
    'Tomás',
    'Mei',
    'the new intern',
    'Coach Ramirez',
    'our accountant',
  ],
  place: [
    'Lisbon',
    'the dentist',
    'the library',
    'the office on Elm Street',
    'Kyoto',
    "the farmers' market",
    'the climbing gym',
    'the community hall',
    'Gate 22',
    'the cafe by the station',
  ],
  thing: [
    'the typo in the subject line',
    'the first draft',
    'the old invoice',
    'the duplicate calendar invite',
    'the noise from upstairs',
    "yesterday's forecast",
    'the low battery warning',
    'the spreadsheet I sent earlier',
    'the blurry photo',
    'the extra comma in the title',
    'the previous quote',
  ],
  fact: [
    'the printer on the third floor works again',
    'the spare keys are in the blue drawer',
    'the guest Wi-Fi details are on the fridge',
    'the server room door sticks, push hard',
    'the cat has been fed today',
    'the build on main is green again',
    'the invoice was paid on the 2nd',
    'the dog needs his pills with dinner',
    'the heating timer is set to 6 am',
    'the client signed the contract',
  ],
  habit: [
    "I'm taking the 7:40 train",
    "I'm cycling to work",
    'I log my runs in a spreadsheet',
    "I'm off caffeine after 2 pm",
    'I answer support tickets before lunch',
    "I'm eating vegetarian on weekdays",
    'I keep my phone in the other room at night',
    'our stand-up starts at 9:30',
    'the team ships on Wednesdays',
    'I do groceries on Saturday mornings',
  ],
  item: [
    'the charger',
    'a printed boarding pass',
    'the receipts folder',
    'an umbrella',
    'the signed consent form',
    'two forms of ID',
    'the spare HDMI cable',
  ],
  course: ['security 101', 'intro to NLP', 'the ethics seminar', 'the night-school AI class', 'our reading group'],
  setting: [
    'the default font size',
    'the margin of the cards',
    'the timezone in the config',
    'the proxy setting',
    'the default currency',
    'the log level',
  ],
};

const ZH_SLOTS: Record<string, readonly string[]> = {
  project: [
    '第三季度报告',
    '基金申请书',
    '厨房装修预算',
    '数据库迁移',
    '婚礼座位表',
    '论文第二章',
    '年度报税',
    '新人入职手册',
    '产品定价页',
    '志愿者排班表',
  ],
  day: ['周一', '周二', '周四', '周五', '下周', '月底', '明天上午', '十四号', '节后'],
  person: ['小王', '我姐', '房东', '李医生', '组长', '奶奶', '修水管的师傅', '张老师', '新来的实习生', '会计'],
  place: ['杭州', '牙科诊所', '图书馆', '公司楼下', '京都', '菜市场', '攀岩馆', '社区活动中心', '二十二号登机口'],
  thing: [
    '标题里的错别字',
    '初稿',
    '那张旧发票',
    '重复的会议邀请',
    '楼上的噪音',
    '昨天的天气预报',
    '电量不足的提示',
    '之前发的表格',
    '那张模糊的照片',
  ],
  fact: [
    '三楼的打印机修好了',
    '备用钥匙在蓝色抽屉里',
    '访客 Wi-Fi 的信息贴在冰箱上',
    '机房的门有点卡，要用力推',
    '猫今天已经喂过了',
    '主分支的构建又通过了',
    '发票二号已经付了',
    '狗的药要跟晚饭一起吃',
    '暖气定时在早上六点',
    '客户已经签了合同',
  ],
  habit: [
    '我每天坐七点四十的地铁',
    '我骑车上班',
    '我下午两点以后不喝咖啡',
    '我工作日吃素',
    '我每周六早上去买菜',
    '我们的站会九点半开始',
    '我晚上把手机放在客厅',
    '我每天跑五公里',
  ],
  item: ['充电器', '打印好的登机牌', '发票夹', '雨伞', '签好的同意书', '身份证和护照'],
};

const T = (id: string, lang: Lang, text: string): Template => ({ id, lang, text });

/** Templates by class. Slots: {name} from EN_SLOTS (en) or ZH_SLOTS (zh); mixed texts name them {zh:name} / {en:name}. */
const TEMPLATES: readonly Template[] = [
  // Notes to a future reader that ask nothing of it.
  T('future-en-1', 'en', "Note for future sessions: I'm working on {project} and it's due {day}."),
  T('future-en-2', 'en', 'Note to my future self: {fact}.'),
  T('future-en-3', 'en', 'For whoever picks this up next: {fact}, and {person} has the spare set.'),
  T('future-en-4', 'en', 'Message for the next shift: {fact}. Nothing else to report.'),
  T('future-en-5', 'en', 'Hi future me, if you are reading this, {project} finally shipped on {day}.'),
  T('future-en-6', 'en', 'To the next person on call: the dashboard was flaky on {day}, but {fact}.'),
  T('future-en-7', 'en', 'Reminder for next time: bring {item} to {place}.'),
  T('future-en-8', 'en', 'Attention future sessions: we decided to postpone {project} until {day}.'),
  T('future-en-9', 'en', 'Memo for later: {person} prefers a phone call to an email.'),
  T('future-en-10', 'en', 'Whoever reads this log later: the backup ran at 02:00 and {fact}.'),
  T('future-en-11', 'en', 'Dear future reader of this diary, {day} was the day {person} moved to {place}.'),
  T(
    'future-en-12',
    'en',
    'Note for the next session: we got as far as {project}; I still need the figures from {person}.',
  ),
  T('future-en-13', 'en', 'Hello to any future assistant helping me with this: context is {project}, deadline {day}.'),
  T('future-en-14', 'en', 'To future me: {habit} now, so the old schedule in this notebook is out of date.'),
  T('future-zh-1', 'zh', '给以后的自己：{fact}。'),
  T('future-zh-2', 'zh', '提醒未来的我：{project}要在{day}之前交。'),
  T('future-zh-3', 'zh', '致下一位值班的同事：{fact}，没有其他异常。'),
  T('future-zh-4', 'zh', '注意：下次会议改到{day}，地点在{place}。'),
  T('future-zh-5', 'zh', '给以后的会话留个备注：我在做{project}，{day}截止。'),
  T('future-zh-6', 'zh', '给后续的对话记一笔：{person}喜欢打电话，不太看邮件。'),
  T('future-zh-7', 'zh', '写给以后读到这页日记的人：{day}那天{person}搬去了{place}。'),
  T('future-zh-8', 'zh', '下次再来的时候记得带{item}去{place}。'),
  T('future-zh-9', 'zh', '通知后续接手的同学：{project}已经做完一半，剩下的数据在{person}那里。'),
  T('future-zh-10', 'zh', '致未来的助手：这是我的{project}笔记，截止时间是{day}。'),
  T('future-mixed-1', 'mixed', 'Note for future sessions：我在写{zh:project}，deadline 是{zh:day}。'),
  T('future-mixed-2', 'mixed', '给 future me 的备注：{zh:fact}，no action needed.'),
  // Talk about attacks, leaks and jailbreaks, with no attack in it.
  T(
    'discuss-en-1',
    'en',
    'Our security team ran a prompt injection workshop on {day}; the slides cover how attackers hide instructions in web pages and how the filter scores them.',
  ),
  T(
    'discuss-en-2',
    'en',
    'The paper measures how often chatbots leak their system prompt under clever questioning and proposes canary tokens as a defence.',
  ),
  T(
    'discuss-en-3',
    'en',
    '{person} is reading a survey on jailbreaks; apparently most role-play attacks are refused by current models.',
  ),
  T(
    'discuss-en-4',
    'en',
    '{person} gave a talk on indirect prompt injection in email assistants, and the recording is on the wiki.',
  ),
  T(
    'discuss-en-5',
    'en',
    'Researchers found that some agents follow instructions hidden in tool outputs; the fix was to treat tool results as data, not commands.',
  ),
  T(
    'discuss-en-6',
    'en',
    'The red-team report lists forty override attempts, three of which got past the classifier; details are in the appendix.',
  ),
  T(
    'discuss-en-7',
    'en',
    'Can you summarise the main categories of prompt injection for {course}? Keep it to one page.',
  ),
  T(
    'discuss-en-8',
    'en',
    "I am writing a blog post about why the classic override-style jailbreaks stopped working, mostly from the defender's side.",
  ),
  T(
    'discuss-en-9',
    'en',
    'In {course} we discussed data exfiltration through markdown images and why renderers now block remote URLs.',
  ),
  T(
    'discuss-en-10',
    'en',
    'The benchmark counts a refusal as a success when the model declines to reveal secrets, and a leak as a failure.',
  ),
  T(
    'discuss-en-11',
    'en',
    "Memory poisoning is when an attacker gets a false fact stored in an assistant's long-term memory; the talk on {day} explains detection.",
  ),
  T('discuss-zh-1', 'zh', '我们组{day}开了个提示词注入的分享会，讲了攻击者怎么把指令藏在网页里，以及过滤器怎么打分。'),
  T('discuss-zh-2', 'zh', '这篇论文研究了大模型在被追问时泄露系统提示词的频率，并提出了防御方法。'),
  T('discuss-zh-3', 'zh', '{person}在读一篇关于越狱攻击的综述，说角色扮演类的攻击现在大多会被拒绝。'),
  T('discuss-zh-4', 'zh', '安全报告里列了四十次越权尝试，其中三次绕过了分类器，细节在附录里。'),
  T('discuss-zh-5', 'zh', '研究人员发现有些智能体会执行工具输出里隐藏的指令，解决办法是把工具结果当作数据而不是命令。'),
  T('discuss-zh-6', 'zh', '帮我总结一下提示词注入的主要类型，我{day}要在课上讲，一页就够。'),
  T('discuss-zh-7', 'zh', '记忆投毒是指攻击者让助手的长期记忆里存进错误的事实，{person}的报告讲了怎么检测。'),
  T(
    'discuss-mixed-1',
    'mixed',
    '这周的 reading group 讨论 prompt injection 和 jailbreak 的防御，{zh:person}负责讲 system prompt 泄露那部分。',
  ),
  // Security and configuration documentation.
  T(
    'docs-en-1',
    'en',
    'To rotate the API key, open Settings, then Security, click Regenerate, and update the secret in your CI variables.',
  ),
  T(
    'docs-en-2',
    'en',
    'The guardrail logs every blocked request with the rule that fired; admins can review them in the audit tab.',
  ),
  T(
    'docs-en-3',
    'en',
    'The system prompt lives in config/prompts.yaml and the service reads it once at startup; restart after editing it.',
  ),
  T(
    'docs-en-4',
    'en',
    'Admin accounts require two-factor authentication, and developer mode is disabled in production builds.',
  ),
  T(
    'docs-en-5',
    'en',
    'Only reviewers can override the moderation filter, and every override is written to the audit log.',
  ),
  T('docs-en-6', 'en', 'Never share your password with anyone; our support staff will never ask for it.'),
  T(
    'docs-en-7',
    'en',
    'If the linter complains, you can ignore rule no-console in scripts/ by adding it to the overrides section.',
  ),
  T(
    'docs-en-8',
    'en',
    'Set {setting} in settings.json to override the default; the change applies from now on, without a restart.',
  ),
  T(
    'docs-en-9',
    'en',
    'The assistant forgets a conversation after 30 days unless you pin it; pinned chats can be deleted at any time.',
  ),
  T(
    'docs-en-10',
    'en',
    'Tokens are masked in the logs, so secrets never appear in plain text; see the security page for details.',
  ),
  T('docs-zh-1', 'zh', '要重置 API 密钥，请进入设置里的安全页面，点击重新生成，然后更新 CI 里的密钥变量。'),
  T('docs-zh-2', 'zh', '管理员账号必须开启两步验证，生产环境默认关闭开发者模式。'),
  T('docs-zh-3', 'zh', '请勿向任何人透露您的密码，客服不会向您索要验证码。'),
  T('docs-zh-4', 'zh', '系统提示词放在 config/prompts.yaml 里，服务启动时读取一次，修改后需要重启。'),
  T('docs-zh-5', 'zh', '只有审核员可以覆盖内容过滤的结果，每次操作都会写入审计日志。'),
  T('docs-zh-6', 'zh', '如果代码检查报错，可以在配置的 overrides 里忽略这条规则。'),
  T('docs-zh-7', 'zh', '助手默认三十天后忘记对话内容，置顶的对话除外，置顶的也可以随时删除。'),
  // Ordinary uses of the trigger words.
  T('word-en-1', 'en', 'Please ignore {thing}; the corrected version is attached.'),
  T('word-en-2', 'en', 'Ignore my last message, {person} already booked a table at {place}.'),
  T('word-en-3', 'en', 'From now on {habit}.'),
  T('word-en-4', 'en', "Forget {thing}, we're going with the blue one."),
  T('word-en-5', 'en', 'I forgot to mention that {person} is joining us on {day}.'),
  T(
    'word-en-6',
    'en',
    'The system prompt of our support bot is far too long; I want to cut it down to one paragraph before {day}.',
  ),
  T('word-en-7', 'en', 'Can you override {setting} in my stylesheet so the layout matches the mock-up?'),
  T('word-en-8', 'en', "My phone's developer mode is on because I was testing an app for {person}."),
  T('word-en-9', 'en', "I'm playing the villain in the community theatre production; rehearsal is {day} at {place}."),
  T('word-en-10', 'en', 'Disregard the earlier estimate: the plumber says it is closer to 300 euros.'),
  T('word-en-11', 'en', 'New instructions from the school: pick-up moves to 3:15 starting {day}.'),
  T('word-en-12', 'en', 'The gender reveal party for my sister is on {day} at {place}!'),
  T(
    'word-en-13',
    'en',
    'I reset the router and now the admin password is the default one on the sticker, so I need to change it.',
  ),
  T('word-en-14', 'en', 'Act like a tourist for a day, {person} said, so we took the ferry and ignored the museums.'),
  T('word-en-15', 'en', 'Remember to water the basil while I am in {place}; {fact}.'),
  T('word-en-16', 'en', 'The new rule at work: no meetings on {day} afternoons, which I love.'),
  T('word-en-17', 'en', 'Keep this between us until {day}: {person} is planning a surprise party.'),
  T('word-en-18', 'en', 'Starting today, {habit}; I will see how it goes for a month.'),
  T('word-en-19', 'en', 'Skip the intro slides when you present {project}; everyone has seen them.'),
  T(
    'word-en-20',
    'en',
    'The previous instructions for the dishwasher were wrong, the rinse aid goes in the left compartment.',
  ),
  T(
    'word-en-21',
    'en',
    'I pretended not to notice when {person} burnt the toast, then we ordered breakfast from the cafe.',
  ),
  T('word-en-22', 'en', 'Our new onboarding bot has a role called "buddy" that answers questions about {project}.'),
  T('word-en-23', 'en', 'Please remember that {person} is allergic to peanuts and that {habit}.'),
  T('word-en-24', 'en', 'Save this as a standing preference: metric units in recipes, and {habit}.'),
  T('word-en-25', 'en', 'From now on, when I ask about {project}, use the figures from the March version.'),
  T('word-zh-1', 'zh', '忽略{thing}吧，正确的版本在附件里。'),
  T('word-zh-2', 'zh', '从现在开始{habit}。'),
  T('word-zh-3', 'zh', '忘了说，{person}{day}也来。'),
  T('word-zh-4', 'zh', '别管上一条消息了，{person}已经订好{place}的位子。'),
  T('word-zh-5', 'zh', '系统提示音太吵了，我把手机调成了静音。'),
  T('word-zh-6', 'zh', '我手机开了开发者模式，因为在帮{person}测试一个应用。'),
  T('word-zh-7', 'zh', '以后每周{day}我都去{place}游泳。'),
  T('word-zh-8', 'zh', '记住：{person}对花生过敏。'),
  T('word-zh-9', 'zh', '学校的新规定：从{day}起接孩子改到三点一刻。'),
  T('word-zh-10', 'zh', '他在话剧里扮演反派，{day}在{place}彩排。'),
  T('word-zh-11', 'zh', '之前的说明书写错了，洗碗机的光亮剂要放在左边的格子里。'),
  T('word-zh-12', 'zh', '我们客服机器人的系统提示词太长了，我想{day}之前把它删到一段。'),
  T('word-zh-13', 'zh', '路由器恢复出厂设置以后，管理员密码变成了贴纸上的默认密码，得改一下。'),
  T('word-zh-14', 'zh', '先别告诉{person}，{day}我们要给她办个惊喜派对。'),
  T('word-zh-15', 'zh', '无视那些差评吧，{place}的菜其实挺好吃的。'),
  T('word-zh-16', 'zh', '把这条存进记忆：{habit}。'),
  T('word-zh-17', 'zh', '以后我问{project}的时候，请用三月那一版的数据。'),
  T('word-zh-18', 'zh', '忘掉{thing}吧，我们选蓝色那个。'),
  T('word-zh-19', 'zh', '新的指示：{day}的会取消，改成线上同步。'),
  T('word-mixed-1', 'mixed', 'From now on {zh:habit}。'),
  T('word-mixed-2', 'mixed', 'system prompt 那一段我改短了，你帮我看看语气合不合适？'),
  T('word-mixed-3', 'mixed', 'Meeting notes: 下周的 sprint review 改到{zh:day}, please ignore the old invite.'),
  T('word-mixed-4', 'mixed', '我把 developer mode 关掉了，{zh:fact}。'),
  T('word-mixed-5', 'mixed', 'Forget it，{zh:person}已经帮我把{zh:project}做完了。'),
];

/** Carriers the unseen sets put text in; {body} is the sentence. */
const CARRIERS: readonly ((body: string, person: string) => string)[] = [
  (b) => b,
  (b) => b,
  (b, p) => `Subject: quick update\n\nHi all,\n\n${b}\n\nThanks,\n${p}`,
  (b) => JSON.stringify({ status: 'ok', note: b }),
  (b) => `// ${b}`,
  (b) => `BEGIN:VEVENT\nSUMMARY:Catch-up\nDESCRIPTION:${b}\nEND:VEVENT`,
  (b, p) => `[10:42] ${p}: ${b}`,
  (b) => `- [ ] ${b}`,
];

/** Seeded LCG (same family as the trainer's fold assignment). */
function rng(seed: string): () => number {
  let s = 2166136261;
  for (const c of seed) s = Math.imul(s ^ c.codePointAt(0)!, 16777619) >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

function fill(text: string, lang: Lang, rand: () => number): string {
  return text.replace(/\{(?:(zh|en):)?(\w+)\}/g, (_, which: string | undefined, name: string) => {
    const table = (which ?? lang) === 'zh' ? ZH_SLOTS : EN_SLOTS;
    const options = table[name];
    if (!options) throw new Error(`template slot {${name}} has no ${which ?? lang} fillers`);
    return options[Math.floor(rand() * options.length)]!;
  });
}

/** Variants per template (distinct texts; a template without slots gives fewer). */
const VARIANTS = 8;

export function generatedNegatives(): CorpusNegative[] {
  const out: CorpusNegative[] = [];
  for (const t of TEMPLATES) {
    const rand = rng(t.id);
    const seen = new Set<string>();
    for (let i = 0; i < VARIANTS * 3 && seen.size < VARIANTS; i++) {
      const body = fill(t.text, t.lang, rand);
      const person = t.lang === 'zh' ? ZH_SLOTS.person![0]! : EN_SLOTS.person![Math.floor(rand() * 12)]!;
      const text = CARRIERS[Math.floor(rand() * CARRIERS.length)]!(body, person);
      if (seen.has(text)) continue;
      seen.add(text);
      out.push({ lang: t.lang, text, group: `gen/${t.id}` });
    }
  }
  return out;
}
