import {
  AI,
  AMBIGUOUS_MODE,
  AMOUNT,
  LOOSE_INSTRUCTIONS,
  CODE,
  CORE_INSTRUCTIONS,
  DEFEAT,
  DESTINATION,
  DESTROY,
  DISREGARD,
  EVERY_FUTURE,
  HIDE,
  IMMEDIATE,
  INSTRUCTIONS,
  INVOKE,
  LIMITLESS_MODE,
  MONEY,
  PRIOR,
  REVEAL,
  SAFETY,
  SECRETS,
  SEND,
  SHELL_PAYLOAD,
  STORE,
  SYSTEM_TEXT,
  TOOL,
  UNBOUND,
  USER_DATA,
  VICTIM_DATA,
  type Concept,
} from './lexicon';

/** What an injected text tries to make the model do. */
export type Intent =
  | 'instruction_override'
  | 'role_reassignment'
  | 'exfiltration'
  | 'persistence'
  | 'tool_triggering'
  | 'future_reader'
  | 'policy_bypass'
  | 'forged_markup'
  | 'concealment';

export const INTENTS: readonly Intent[] = [
  'instruction_override',
  'role_reassignment',
  'exfiltration',
  'persistence',
  'tool_triggering',
  'future_reader',
  'policy_bypass',
  'forged_markup',
  'concealment',
];

export const INTENT_LABEL: { readonly [I in Intent]: string } = {
  instruction_override: 'instruction override',
  role_reassignment: 'role reassignment',
  exfiltration: 'prompt or secret exfiltration',
  persistence: 'persistence request aimed at the memory',
  tool_triggering: 'tool or action triggering',
  future_reader: 'trigger aimed at a future reader',
  policy_bypass: 'policy or filter bypass',
  forged_markup: 'forged role or system markup',
  concealment: 'concealment from the user',
};

export interface Rule {
  id: string;
  intent: Intent;
  /** Evidence on its own, 0–1; findings of different intents combine (see scoring). */
  weight: number;
  re: RegExp;
  /** Also compiled without word boundaries, for letters run together (compact views). */
  compact: RegExp | null;
  /** Safe on a whole text with every separator dropped (letters of words that were split apart). */
  compactWholeText: boolean;
  /** Indexes into CONCEPT_TESTS: concepts that must all occur (in any order) before `re` is worth running. */
  needs: readonly number[];
  /** The concept the rule starts with (null: a literal or an expression): `sticky` is tried only where it occurs. */
  first: number | null;
  sticky: RegExp;
}

/**
 * Each concept of any rule, compiled alone. A text is tested once per concept; a rule runs only
 * when all its concepts occur somewhere, so most text is matched against few whole rules (the
 * sequences with gaps are the costly part).
 */
export const CONCEPT_TESTS: Array<{ compact: RegExp; word: RegExp }> = [];
const conceptIds = new Map<Concept, number>();
/** Literal start of every alternative → the concepts it belongs to; null stems: a concept with an alternative that has none. */
export const LATIN_STEMS = new Map<string, number[]>();
export const CJK_STEMS = new Map<string, number[]>();
export const ALWAYS_PRESENT = new Set<number>();

/** The literal characters an alternative must start with (stops at the first optional or non-literal part). */
function literalStem(source: string, chars: RegExp): string {
  let out = '';
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    const next = source[i + 1];
    if (!chars.test(ch) || next === '?' || next === '*' || next === '{') break;
    out += ch;
    if (next === '+') break;
  }
  return out;
}

function index(map: Map<string, number[]>, stem: string, id: number): void {
  const list = map.get(stem);
  if (list) list.push(id);
  else map.set(stem, [id]);
}

function conceptId(k: Concept): number {
  let id = conceptIds.get(k);
  if (id === undefined) {
    id = CONCEPT_TESTS.length;
    CONCEPT_TESTS.push({ compact: new RegExp(concept(k, true), 'u'), word: new RegExp(concept(k, false), 'uy') });
    conceptIds.set(k, id);
    for (const alt of k.latin) {
      const stem = literalStem(alt, /[a-z0-9]/);
      if (stem === '') ALWAYS_PRESENT.add(id);
      else index(LATIN_STEMS, stem, id);
    }
    for (const alt of k.cjk) {
      const stem = literalStem(alt, /[^\\()[\]{}|?*+.^$]/);
      if (stem === '') ALWAYS_PRESENT.add(id);
      else if (/^[a-z0-9]+$/.test(stem)) index(LATIN_STEMS, stem, id);
      else index(CJK_STEMS, stem, id);
    }
  }
  return id;
}

type Part = Concept | number | string;

// "|" between table cells and spreadsheet columns ends a clause like a full stop.
const END = '.!?;。！？；|\\n';
/** First-person words: "forget what I said", "disregard my earlier message" are the writer's own corrections. */
const OWN =
  '(?<![a-z])(?:my|our|mine|ours|i|we|me|us)(?![a-z])|我的|我们|我说|我刚|我之前|我以前|我上次|(?<![给让叫帮替向跟对和诉问])我';
/** A comma next to a Chinese character ("，" folds to ","): a Chinese verb and its object are written within one clause. */
const CJK_CLAUSE = '(?<=\\p{Script=Han})[,、]|[,、](?=\\p{Script=Han})';
const gap = (n: number, compact: boolean, notOwn = false, clause = false): string => {
  if (compact) return `.{0,${Math.min(12, Math.ceil(n / 2.5))}}?`;
  const not = [notOwn ? OWN : '', clause ? CJK_CLAUSE : ''].filter(Boolean).join('|');
  return not ? `(?:(?!${not})[^${END}]){0,${n}}?` : `[^${END}]{0,${n}}?`;
};

/** Replaces the spaces of a regex source that are outside character classes. */
function spaces(source: string, by: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (ch === '\\') {
      out += ch + (source[i + 1] ?? '');
      i++;
      continue;
    }
    if (ch === '[') inClass = true;
    else if (ch === ']') inClass = false;
    out += ch === ' ' && !inClass ? by : ch;
  }
  return out;
}

/**
 * `bounded`: a concept as a rule reads it, where a Latin word in the Chinese list ("ai" next to 助手)
 * ends where a word ends, not inside one ("available"); it may end a made-up name ("CaiozAI").
 * Concept tests (and the learned stage's features, keyed by their expressions) keep the unbounded form.
 */
function concept(k: Concept, compact: boolean, bounded = false): string {
  // Without word boundaries, one- and two-letter words match inside any word.
  const entries = compact ? k.latin.filter((s) => s.replace(/[^a-z]/g, '').length > 2) : k.latin;
  // Letters run together have no word ends: an unbounded \w+ would scan to the end of the text from every position.
  const latin = entries
    .map((s) => (compact ? spaces(s, '').replace(/\\w\+/g, '\\w{1,16}') : spaces(s, '[ -]?\\s*')))
    .join('|');
  const cjk = k.cjk.map((s) => (bounded && !compact && /^[a-z0-9]+$/.test(s) ? `${s}(?![a-z0-9])` : s)).join('|');
  const latinPart = latin ? (compact ? `(?:${latin})` : `(?<![a-z0-9])(?:${latin})(?![a-z0-9])`) : '';
  return `(?:${[latinPart, cjk ? `(?:${cjk})` : ''].filter(Boolean).join('|')})`;
}

interface SeqOptions {
  /** Also compile for compact views (default true). */
  compact?: boolean;
  /** Gaps may not contain first-person words (the writer's own messages are not instructions). */
  notOwn?: boolean;
  /** A lookbehind source the match may not follow (e.g. a first-person subject). */
  notAfter?: string;
  /** Gaps stay within one Chinese clause (they do not cross "，" or "、"). */
  clause?: boolean;
}

function build(parts: readonly Part[], compact: boolean, opts: SeqOptions): string {
  const body = parts
    .map((p) =>
      typeof p === 'number'
        ? gap(p, compact, opts.notOwn, opts.clause)
        : typeof p === 'string'
          ? spaces(p, compact ? '' : '\\s*')
          : concept(p, compact, true),
    )
    .join('');
  return opts.notAfter && !compact ? `(?<!${opts.notAfter})${body}` : body;
}

/** A rule from concepts, gaps (numbers: at most n characters, within one sentence) and literals. */
function seq(id: string, intent: Intent, weight: number, parts: readonly Part[], opts: SeqOptions = {}): Rule {
  const source = build(parts, false, opts);
  const head = parts[0];
  const first = typeof head === 'object' ? conceptId(head) : null;
  return {
    id,
    intent,
    weight,
    re: new RegExp(source, 'u'),
    compact: new RegExp(build(parts, true, opts), 'u'),
    compactWholeText: opts.compact !== false,
    needs: [...new Set(parts.filter((p): p is Concept => typeof p === 'object').map(conceptId))],
    first: first !== null && !ALWAYS_PRESENT.has(first) ? first : null,
    sticky: new RegExp(source, 'uy'),
  };
}

/** A rule written as a regular expression over folded text (markup, payload syntax). */
function raw(id: string, intent: Intent, weight: number, source: string): Rule {
  return {
    id,
    intent,
    weight,
    re: new RegExp(source, 'u'),
    compact: null,
    compactWholeText: false,
    needs: [],
    first: null,
    sticky: new RegExp(source, 'uy'),
  };
}

const k = (latin: string[], cjk: string[] = []): Concept => ({ latin, cjk });
const YOU = k(['you', "you'?re", "you'?ll", "you'?ve", 'your', 'yourself', 'ur'], ['你', '您']);
/** A report of what others do ("some chatbots reveal …"), not an instruction. */
const THIRD_PARTY_SUBJECT =
  '(?<![a-z])(?:bots?|chatbots?|models?|they|assistants?|ais|llms?|systems|that|which|who|can|could|might|may|sometimes|often|people|attackers?|hackers?|researchers?)\\s(?:\\w+\\s)?';
/** Reported speech ("the teacher said to disregard …") and negation ("never reveal …") are not instructions. */
const REPORTED =
  '(?<![a-z])(?:said|says|told \\w+|asked \\w+|advised(?: \\w+)?|suggested|wants? \\w+|wanted \\w+|reminded \\w+|instructed \\w+|how)\\s(?:to\\s)?|(?:说|告诉我|让我|叫我|提醒我|建议)(?:要)?';
const NEGATED =
  "(?<![a-z])(?:never|not|don'?t|do not|cannot|can'?t|won'?t|must not|mustn'?t|shouldn'?t|should not)\\s(?:\\w+\\s)?|禁止|不要|不能|不得|别|勿|不许|不准|严禁|绝不|从不";
/** A Chinese prohibition with its indirect object between ("请勿向任何人透露…", "不要随意把密码告诉…"): a warning, not a request. */
const NEGATED_NEAR_ZH =
  '(?:勿|不要|别|禁止|不得|不能|严禁|不准|不许|绝不|从不)(?:随意|轻易|私自|擅自)?(?:向|对|跟|给|和|把|将)?[^，,。.!?；;\\n]{0,8}';
/** A subject someone owns ("my cat ignores every command"): a description, not an instruction. */
const POSSESSED_SUBJECT = "(?<![a-z])(?:my|our|his|her|their)\\s(?:[a-z'-]+\\s){1,2}";
/** Rules that belong to someone ("the sprint's new rules:", "这周 sprint 的 new rules：") are reported, not issued. */
const ATTRIBUTED = "的\\s?|'s\\s|(?<![a-z])(?:our|my|his|her|their)\\s";
/** "我" followed by a person is "my …" (发给我老婆), not the recipient "me". */
const ME_NOT_MY =
  '我(?!老婆|老公|妻子|丈夫|爱人|太太|先生|妈|爸|父亲|母亲|儿子|女儿|孩子|家人|家里|朋友|同事|老板|领导|助理|秘书|哥|姐|弟|妹|爷爷|奶奶|外婆|外公|男朋友|女朋友|对象|客户|邻居|室友)';
/**
 * Chinese verbs that are also nouns: 输出 after a tool or program, or before 里/中/结果, is "the output" ("工具输出里隐藏的指令"),
 * not "print".
 */
const NOT_A_NOUN_ZH =
  '(?<!(?:工具|程序|模型|命令|脚本|函数|接口|终端|系统|插件|网页)输出)(?!(?<=输出)(?:里|中|内|结果))';
/**
 * An act named, not asked for: the verb phrase is the modifier of an abstract noun ("泄露系统提示词的频率", the rate of
 * leaking it; "…的风险", "…的攻击", "…的案例").
 */
const NOT_NOMINALISED_ZH =
  '(?!词?(?:的|之)(?:频率|概率|比例|次数|风险|问题|情况|现象|案例|事件|攻击|漏洞|手法|方式|方法|原因|后果|影响|趋势|倾向|能力|可能|行为|研究|检测|防御|防护|测试|评估|统计|报告|论文|教训|危害|隐患))';
/** Who is allowed to do it ("only reviewers can override the filter", 只有管理员才能关闭过滤): a permission stated, not a request. */
const WHO_MAY =
  "(?<![a-z])(?:only|just|no one but|nobody but|nobody except|no one except)\\s(?!you|u\\s)(?:[a-z'-]+\\s){1,3}(?:can|may|could|are (?:allowed|permitted|able|authori[sz]ed) to|is (?:allowed|permitted|able|authori[sz]ed) to)\\s(?:\\w+\\s)?|只有(?!你|您)[^，,。.!?；;\\n]{1,12}(?:才能|才可以|可以|能够|才有权|有权)";
/**
 * What an attack or a tool is for, described ("jailbreak attempts that may bypass safety filters", "techniques to get around
 * the guardrails", "using poetry to bypass"): the subject is the attack, not the reader.
 */
const WHAT_ATTACKS_DO =
  "(?<![a-z])(?:attacks?|attempts?|probes?|techniques?|methods?|payloads?|jailbreaks?|exploits?|attackers?|hackers?|researchers?|adversar(?:y|ies)|plugins?|strateg(?:y|ies)|tricks?|languages)\\s(?:(?:that|which|to|can|could|may|might|often|try to|tries to|trying to|designed to|meant to|used to|aim(?:s|ed)? to|attempt(?:s|ed)? to|in order to|able to)\\s){1,3}|(?<![a-z])using\\s(?:[a-z'-]+\\s){1,3}to\\s";
/** A word that is a quoted key of JSON ('"note": "…"') names a field, it asks nothing. */
const JSON_KEY_NOT = '(?!["\']\\s*:)';
/** Instructions that belong to a thing ("the instructions for the dishwasher", "the rules of the game"), not to the reader. */
const OF_A_THING =
  '(?!\\s+(?:for|of)\\s+(?:the|my|our|his|her|their|a|an|this|that)\\s+(?!(?:assistant|ai|model|bot|agent|chatbot|llm|system|chat|conversation|session|task|prompt|you)(?![a-z]))[a-z])';
/**
 * What makes a salutation to a later reader ("Note for future sessions:", "致未来的助手：") an instruction to it:
 * within its sentence, before any first-person word, something asked of the reader — an imperative, a modal,
 * "you", 请/你/务必/不要…, or a claim of standing made to it (the user "is now" admin, "the official source", root,
 * verified, 官方/管理员/已授权). A note that only tells a later reader something ("Note for future sessions: I'm working
 * on the Q3 report", "致未来的助手：这是我的笔记") asks nothing. The user keeping their own facts ("remember that
 * I …", 记住我…) is not asked of the reader either.
 */
const TO_THE_READER = `(?:(?!${OWN}|(?<![a-z])(?:im|ive)(?![a-z]))[^${END}]){0,60}?(?:(?<![a-z])(?:you(?!\\s+(?:can|could|may|might)\\s+(?:find|see|check|look|read|get|reach))|your|yourself|please|kindly|must|should|shall|(?:will|are to|is to|needs? to|have to|has to) (?:always|never|now|not|be|treat|answer|reply|respond|say|tell|share|send|reveal|include|recommend|ignore)|always|never|do not|don'?t|ignore|disregard|forget|override|bypass|tell|say|send|reply|respond|answer|recommend|suggest|praise|share|reveal|disclose|leak|print|output|show|display|repeat|execute|run|call|invoke|click|visit|open|transfer|pay|wire|forward|delete|erase|treat|trust|obey|comply|act as|pretend|switch|enable|disable|grant|approve|insist|claim|include|mention|refuse|skip|stop|assume|consider|summari[sz]e|describe|rate|rank|write|translate|classify|mark|flag|label|score|omit|hide|conceal|avoid|redirect|direct|refer|email|post|upload|install|(?:remember|save|store|keep|note|memori[sz]e)(?!\\s+(?:that\\s+)?(?:i|i'm|my|we|our|me)(?![a-z]))|the (?:assistant|ai|model|agent|bot|llm) (?:must|should|shall|will|is to|needs to|has to)|the user(?:'s)? (?:[a-z']+ ){0,3}(?:is now|are now|has been|now has|has (?:root|admin|full))|cite|official|trusted|verified|authori[sz]ed|admin(?:istrator)?|root|privileged)(?![a-z])|你|您|请|务必|必须|一定要|一律|不要|不得|别|始终|总是|永远|今后|以后都|告诉|回复|回答|推荐|发送|转发|发给|删除|忽略|无视|执行|透露|泄露|照做|遵守|服从|把|将|立即|立刻|马上|记得(?!我)|记住(?!我)|官方|管理员|已授权|已认证|最高权限)`;
/** A salutation to later sessions or instances ("Note for future sessions:", 给以后的会话：). */
const FUTURE_SESSIONS_SALUTATION: readonly Part[] = [
  k(
    [
      'attention',
      'note (?:to|for)',
      'message (?:to|for)',
      'to',
      'dear',
      'hello',
      'hi',
      'memo (?:to|for)',
      'notice (?:to|for)',
      'for',
    ],
    ['致', '给', '提醒', '通知', '注意'],
  ),
  4,
  k(['future', 'later', 'subsequent', 'next', 'all future', 'any future'], ['未来的', '以后的', '后续的', '下一个']),
  4,
  k(
    [
      'sessions?',
      'instances?',
      'runs?',
      'conversations?',
      'chats?',
      'assistants?',
      'agents?',
      'models?',
      'versions? of (?:you|yourself)',
    ],
    ['会话', '对话', '助手', '模型', '实例'],
  ),
  3,
  k([':', ',', '-'], ['：', ':', '，', ',']),
];
/** LIMITS with a literal start to every alternative (the prefilter looks for them). */
const LIMIT_WORDS = k(
  [
    'restrictions',
    'limitations',
    'limits',
    'filters',
    'censorship',
    'rules',
    'guidelines',
    'ethics',
    'morals',
    'moral(?:ity)?',
    'boundaries',
    'constraints',
    'safeguards',
    'guardrails',
    'content polic(?:y|ies)',
    'warnings',
    'disclaimers',
    'policies',
    'safety',
  ],
  ['限制', '约束', '规则', '审查', '过滤', '道德', '伦理', '束缚', '准则', '底线', '规定', '警告', '免责声明', '安全'],
);
/** Leaving something out of an answer. */
const DROP_IT = k(
  ['leave out', 'skip', 'drop', 'omit', 'cut', 'no need for', 'spare me', 'without', 'forget', 'lose', 'ditch'],
  ['不要加', '别加', '不用加', '省略', '去掉', '跳过', '不要', '别', '不用', '不需要', '少来'],
);
/** "the actor had to take on a new identity": what someone must or did do, not an order. */
const TOLD_TO = '(?<![a-z])(?:to|had|has|have|will|would|could|can|might|must|did|does|actor|actress|spy|agent)\\s';
/** After a Chinese verb: not 了/过 (the completed aspect: a report of what was done, not an order). */
const COMPLETED_NOT = '(?![了过])';
const FIRST_PERSON_SUBJECT = "(?<![a-z])(?:i|we|he|she|they|who|i'?d|i'?ll)\\s(?:\\w+\\s)?|我|我们|他|她";
const NOW = k(
  [
    'now',
    'henceforth',
    'from now on',
    'from here on',
    'from this (?:point|moment)(?: on)?',
    'starting now',
    'as of now',
    'going forward',
    'hereby',
    'no longer',
    'not',
    'instead',
    'officially',
  ],
  ['现在', '从现在(?:起|开始)', '从此', '今后', '从今以后', '此刻', '已经', '不再'],
);
const BE = k(
  ['are', 'is', 'am', 'be', 'become', 'will be', 'shall be', "'re", 're'],
  ['是', '成为', '变成', '扮演', '作为', '当作'],
);
const ROLEPLAY = k(
  [
    'pretend(?:ing)?',
    'imagine',
    'act(?:ing)?',
    'behave',
    'role-?play(?:ing)?',
    'play (?:the )?(?:role|part)(?: of)?',
    'assume the (?:role|persona|identity)(?: of)?',
    'take on the (?:role|persona)(?: of)?',
    'simulate',
    'impersonate',
    'become',
    'transform into',
    'turn into',
    'you will be',
    'you shall be',
    'you must be',
    'respond as',
    'answer as',
    'speak as',
    'reply as',
    'write as',
    'emulate',
    'channel',
    'embody',
    'portray',
    'play as',
  ],
  ['扮演', '假装', '假设你是', '想象你是', '模拟', '充当', '化身为?', '变成', '成为', '饰演', '作为'],
);
/** A bare "be" is everywhere in ordinary text: only a trait, never a persona name (Dan, Stan are people too), and close by. */
const BE_PLAIN = k(['be'], []);
const UNBOUND_TRAIT = k(
  UNBOUND.latin.filter(
    (w) => !['dan', 'stan', 'dude', 'aim', 'chaos', 'devil', 'opposite', 'hacker', 'criminal'].includes(w),
  ),
  [],
);
const NEW = k(
  [
    'new',
    'updated',
    'revised',
    'real',
    'actual',
    'true',
    'override',
    'priority',
    'secret',
    'hidden',
    'replacement',
    'amended',
    'corrected',
    'latest',
    'different',
    'special',
    'urgent',
    'important',
  ],
  ['新的?', '更新的?', '真正的', '实际的', '最新的?', '隐藏的', '秘密的', '替换的', '修改后的', '紧急', '重要'],
);
/** "New instructions:", 新的指令：… — a label that announces instructions (what follows decides whether anything is asked). */
const NEW_INSTRUCTIONS_LABEL: readonly Part[] = [
  NEW,
  6,
  k(
    [
      'system ?prompt',
      'instructions?',
      'directives?',
      'orders',
      'prompt',
      'commands?',
      'task',
      'mission',
      'objective',
      'rules',
    ],
    ['系统提示', '指令', '提示词', '提示', '指示', '任务', '命令', '规则'],
  ),
  3,
  k(
    [':', '-', 'follow', 'are', 'is', 'as follows', 'below', 'take effect', 'apply'],
    ['：', ':', '是', '如下', '为', '生效', '开始'],
  ),
];
const NULLIFIED = k(
  [
    'void',
    'null',
    'invalid',
    'obsolete',
    'cancell?ed',
    'revoked',
    'outdated',
    'deprecated',
    'no longer (?:valid|apply|applies|applicable|in effect|relevant|binding|active|count)',
    'superseded',
    'replaced',
    'overridden',
    'fake',
    'wrong',
    'a test',
    'irrelevant',
    'out of date',
    'out-of-date',
    'stale',
    'a draft',
    'just a draft',
    'only a draft',
    'no longer current',
    'retracted',
    'scrapped',
    ...['if it', 'if they', 'it', 'they'].map(
      (who) => `${who} (?:were|was|had) never (?:been )?(?:written|given|existed|sent|there|said)`,
    ),
    'suspended',
    'lifted',
    'expired',
    'retired',
    'withdrawn',
    'rescinded',
    'annulled',
    'moot',
    'not (?:real|binding|valid)',
    'disabled',
    'removed',
    'gone',
    'over',
    'a mistake',
    'an error',
    'sent (?:by mistake|in error)',
    'off the table',
    'no longer (?:needed|required)',
  ],
  [
    '失效',
    '作废',
    '无效',
    '过期',
    '是草稿',
    '当作没有',
    '当作不存在',
    '废除',
    '取消',
    '不再适用',
    '不再有效',
    '过时',
    '被覆盖',
    '被取消',
    '被废除',
    '被替换',
    '全部作废',
    '统统作废',
    '不算数',
    '不作数',
    '是假的',
    '是测试',
    '不算了?',
    '不用(?:再)?(?:做|管|执行)了?',
    '不必(?:再)?(?:做|管|执行)了?',
  ],
);
const AUTHORITY = k(
  [
    'system',
    'admin(?:istrator)?',
    'root',
    'developer',
    'sudo',
    'emergency',
    'security',
    'maintenance',
    'master',
    'operator',
    'owner',
    'openai',
    'anthropic',
    'god',
    'supervisor',
    'moderator',
    'creator',
  ],
  ['系统', '管理员', '开发者', '最高', '紧急', '安全', '运维', '主人', '创造者', '官方'],
);
const OVERRIDE_NOUN = k(
  ['override', 'command', 'instruction', 'directive', 'order', 'access', 'privileges?', 'authori[sz]ation', 'mode'],
  ['覆盖', '指令', '命令', '权限', '授权', '模式'],
);
const ACTIVATE = k(
  [
    'enter',
    'enable',
    'activate',
    'switch (?:to|into|on)',
    'turn on',
    'go into',
    'unlock',
    'start',
    'engage',
    'initiate',
    'boot(?: into)?',
    'launch',
    'load',
    'run in',
    'operate in',
    'now in',
    'are in',
    'in',
  ],
  ['进入', '开启', '启用', '启动', '激活', '切换到', '切换为', '切换至', '打开', '解锁', '处于', '运行'],
);
const MODE = k(
  ['mode', 'persona', 'protocol', 'personality', 'state', 'version', 'character'],
  ['模式', '人格', '状态', '版本', '协议'],
);
const REFUSE = k(
  [
    'refus(?:e|ing|al)',
    'declin(?:e|ing)',
    'reject(?:ing)?',
    'deny(?:ing)?',
    'say no',
    'hold back',
    'censor(?:ing)?',
    'filter(?:ing)?',
    'add (?:a |any )?(?:warnings?|disclaimers?|caveats?)',
    'warn(?:ing)?',
    'moraliz(?:e|ing)',
    'lectur(?:e|ing)',
    'break character',
  ],
  ['拒绝', '推辞', '说不', '警告', '添加免责声明', '加免责声明', '审查', '过滤', '回避'],
);
const NEVER = k(
  [
    'never',
    'do not',
    "don'?t",
    'must not',
    "mustn'?t",
    'cannot',
    "can'?t",
    "won'?t",
    'will not',
    'should not',
    "shouldn'?t",
    'may not',
    'are not allowed to',
    "aren'?t allowed to",
    'are forbidden to',
    'not permitted to',
    'no',
  ],
  ['不要', '不能', '不得', '不可以', '不准', '永远不要', '绝不', '绝对不要', '禁止', '不许', '别'],
);
const WITHOUT = k(
  [
    'without',
    'with no',
    'free of',
    'free from',
    'devoid of',
    'unbound by',
    'unconstrained by',
    'not (?:bound|limited|restricted|constrained) by',
    'no longer (?:bound|limited|restricted) by',
    'ignoring',
    'regardless of',
    'no matter',
  ],
  ['没有', '不受', '无需', '不用', '不必', '无视', '不顾', '不管', '摆脱'],
);
const LIMITS = k(
  [
    '(?:any )?(?:restrictions|limitations|limits|filters|censorship|rules|guidelines|ethics|morals|moral(?:ity)?|ethical (?:concerns|considerations)|boundaries|constraints|safeguards|guardrails|content polic(?:y|ies)|warnings|disclaimers|refusals|caveats|judge?ments?|policies|safety)',
  ],
  ['(?:任何|一切|所有)?(?:的)?(?:限制|约束|规则|审查|过滤|道德|伦理|束缚|准则|底线|规定|法律|警告|免责声明|安全)'],
);
const ANSWER = k(
  [
    'answer',
    'respond',
    'reply',
    'output',
    'generate',
    'write',
    'tell',
    'speak',
    'talk',
    'act',
    'behave',
    'operate',
    'function',
    'work',
    'comply',
    'help',
    'assist',
    'continue',
    'provide',
    'explain',
    'describe',
  ],
  ['回答', '回复', '输出', '生成', '回应', '说明', '解释', '告诉', '提供', '写', '描述', '执行', '行事', '工作'],
);
const ANY_AUDIENCE = k(
  [
    'anyone',
    'someone',
    'somebody',
    'any ?one',
    'any users?',
    'a user',
    'users',
    'the user',
    'other users',
    'people',
    'whoever',
    'they',
    'he',
    'she',
    'the (?:reader|visitor|customer|person|human)',
  ],
  ['用户', '有人', '任何人', '别人', '其他用户', '他人', '对方', '访客', '读者'],
);
const ASKS = k(
  [
    'asks?',
    'asked',
    'inquires?',
    'quer(?:y|ies)',
    'wants? to know',
    'requests?',
    'mentions?',
    'says',
    'types',
    'searches',
    'brings? up',
    'talks? about',
    'looks? (?:for|up)',
  ],
  ['问', '询问', '问起', '问到', '提到', '提起', '搜索', '查询', '想知道'],
);
const DIRECT = k(
  [
    'say',
    'tell',
    'respond',
    'reply',
    'answer',
    'claim',
    'insist',
    'state',
    'direct',
    'redirect',
    'send',
    'recommend',
    'inform',
    'assure',
    'promote',
    'suggest',
    'praise',
    'deny',
    'lie',
    'mislead',
    'refer',
    'push',
    'steer',
    'advise',
    'include',
    'mention',
    'ask',
    'describe',
    'portray',
    'present',
    'characteri[sz]e',
  ],
  [
    '回答',
    '描述',
    '介绍',
    '告诉',
    '说',
    '回复',
    '声称',
    '坚称',
    '推荐',
    '引导',
    '建议',
    '宣称',
    '否认',
    '强调',
    '要求',
  ],
);
const READS = k(
  [
    'read(?:s|ing)?',
    'see(?:s|ing)?',
    'process(?:es|ing)?',
    'pars(?:e|es|ing)',
    'retriev(?:e|es|ing)',
    'recall(?:s|ing)?',
    'load(?:s|ing)?',
    'access(?:es|ing)?',
    'encounter(?:s|ing)?',
    'find(?:s|ing)?',
    'summari[sz](?:e|es|ing)',
    'analy[sz](?:e|es|ing)',
    'scan(?:s|ning)?',
    'review(?:s|ing)?',
    'ingest(?:s|ing)?',
    'handl(?:e|es|ing)',
    'crawl(?:s|ing)?',
    'index(?:es|ing)?',
    'receiv(?:e|es|ing)',
    'get(?:s|ting)?',
    'come(?:s)? across',
    'pull(?:s|ing)? (?:[a-z]+ ){0,2}up',
    'stumbl(?:e|es|ing) (?:on|upon|across)',
    'run(?:s)? into',
  ],
  [
    '读到',
    '看到',
    '读取',
    '处理',
    '阅读',
    '检索到',
    '检索',
    '召回',
    '调用',
    '加载',
    '访问',
    '解析',
    '总结',
    '分析',
    '扫描',
    '收到',
    '碰到',
    '遇到',
  ],
);
const READ_PASSIVE = k(
  [
    'read',
    'retrieved',
    'recalled',
    'loaded',
    'accessed',
    'seen',
    'processed',
    'surfaced',
    'summari[sz]ed',
    'injected',
    'found',
    'returned',
    'parsed',
    'analy[sz]ed',
    'opened',
    'fetched',
    'used',
    'shown',
    'indexed',
    'quoted',
    'brought up',
  ],
  ['读取', '检索', '调用', '召回', '加载', '看到', '读到', '访问', '处理', '使用', '检索到', '返回', '打开'],
);
const THIS_TEXT = k(
  ['this', 'the', 'these', 'said'],
  ['这条', '这段', '此', '本', '该', '这个', '这份', '这篇', '这些'],
);
const TEXT_NOUN = k(
  [
    'memor(?:y|ies)',
    'notes?',
    'text',
    'messages?',
    'documents?',
    'entr(?:y|ies)',
    'content',
    'page',
    'e-?mail',
    'files?',
    'records?',
    'information',
    'data',
    'snippet',
    'paragraph',
    'comment',
    'review',
    'post',
    'webpage',
    'site',
    'passage',
    'section',
    'line',
  ],
  [
    '记忆',
    '笔记',
    '内容',
    '消息',
    '信息',
    '文本',
    '记录',
    '文字',
    '文档',
    '邮件',
    '页面',
    '网页',
    '文件',
    '段话',
    '评论',
    '条目',
  ],
);
const MUST = k(
  [
    'must',
    'should',
    'shall',
    'will',
    'needs? to',
    'has to',
    'have to',
    'is (?:instructed|required|expected|obligated) to',
    'are (?:instructed|required|expected|obligated) to',
    'is to',
    'are to',
    'ought to',
    'please',
    'are asked to',
  ],
  ['必须', '应该', '应当', '要', '需要', '请', '务必', '一定要', '得'],
);
const FUTURE_SESSIONS = k(
  EVERY_FUTURE.latin.filter(
    (s) =>
      !/^(?:forever|permanently|for good|indefinitely|always|every time|whenever|each time|from now on|henceforth|hereafter|going forward|starting now|as of now|effective immediately|until further notice)$/.test(
        s,
      ),
  ) as string[],
  (EVERY_FUTURE.cjk as string[]).filter(
    (s) =>
      !['永远', '永久', '一直', '始终', '长期', '下次', '以后', '之后', '今后', '往后', '将来', '未来'].includes(s),
  ),
);
const RULE_NOUN = k(
  [
    'instructions?',
    'rules?',
    'directives?',
    'commands?',
    'polic(?:y|ies)',
    'orders?',
    'guidelines?',
    'prompts?',
    'system prompts?',
    'behaviou?rs?',
    'core beliefs?',
    'standing orders?',
  ],
  ['指令', '规则', '命令', '指示', '设定', '准则', '要求', '政策', '行为准则'],
);
const MEMORY_NOUN = k(
  [
    'memory',
    'memories',
    'long-?term memory',
    'permanent memory',
    'core memory',
    'knowledge base',
    'system prompt',
    'instructions',
    'profile',
    'context',
    'personality',
    'settings',
    'persistent (?:memory|storage|context)',
    'memory bank',
    'memory store',
  ],
  ['记忆', '长期记忆', '永久记忆', '记忆库', '知识库', '系统提示', '设定', '档案', '上下文', '人格', '配置'],
);
const PERSIST = k(
  [
    'persist',
    'remain',
    'stay',
    'be kept',
    'be retained',
    'survive',
    'carry over',
    'apply (?:to|in|across)',
    'always apply',
    'stay active',
    'remain active',
    'remain in effect',
    'stay in effect',
    'never (?:be )?(?:deleted|removed|forgotten|erased|overwritten|changed)',
    'be permanent',
  ],
  [
    '永久(?:保存|保留|有效|生效)',
    '一直(?:保留|有效|生效)',
    '长期(?:保存|保留|有效|生效)',
    '始终(?:有效|生效)',
    '永不(?:删除|失效)',
    '持续(?:有效|生效)',
  ],
);
const PRIORITY = k(
  [
    '(?:takes?|has|have|get|gets) (?:priority|precedence) over',
    'overrides?',
    'supersedes?',
    'outranks?',
    'trumps?',
    'comes? before',
    'is more important than',
    'beats',
    'wins over',
  ],
  ['优先于', '覆盖', '高于', '凌驾于', '取代', '优先级高于', '比(?:用户|其他)'],
);
const ALL_OTHER = k(
  [
    'all',
    'any',
    'every',
    'other',
    'previous',
    'prior',
    'later',
    'future',
    'the user',
    "the user'?s",
    'user',
    'your',
    'anything',
    'everything',
    'whatever',
    'system',
    'subsequent',
  ],
  ['所有', '任何', '一切', '其他', '之前', '以后', '用户', '你的', '系统', '后续'],
);
const ERASE_BLOCK = k(
  [
    'delete',
    'remove',
    'forget',
    'erase',
    'overwrite',
    'discard',
    'drop',
    'clear',
    'modify',
    'change',
    'update',
    'alter',
    'edit',
    'purge',
    'wipe',
  ],
  ['删除', '删掉', '忘记', '清除', '覆盖', '修改', '更改', '抹去', '移除', '丢弃', '忘掉'],
);
const EVEN_IF = k(
  ['even if', 'even when', 'regardless of', 'no matter', 'whatever', 'even though', 'even after', 'despite'],
  ['即使', '就算', '哪怕', '无论', '不管', '即便'],
);
const USER_SAYS = k(
  [
    '(?:the )?user (?:asks?|says|requests?|tells|objects|insists|wants|instructs)',
    "(?:the )?user'?s? (?:request|instructions?|wishes|objections?)",
    'they (?:ask|say|request|tell)',
    'asked (?:to|otherwise)',
    'told otherwise',
    'what the user says',
    'instructed otherwise',
  ],
  ['用户(?:要求|说|让|请求|反对|坚持|希望|指示)', '被要求', '有人要求'],
);
const DECODE = k(
  [
    'decode',
    'decrypt',
    'decipher',
    'unscramble',
    'reverse',
    'translate',
    'rot13',
    'base64',
    'convert',
    'interpret',
    'read backwards',
  ],
  ['解码', '解密', '破译', '翻译', '还原', '反转', '倒过来读'],
);
const FOLLOW = k(
  [
    'follow',
    'execute',
    'run',
    'obey',
    'do',
    'carry out',
    'perform',
    'act on',
    'comply with',
    'apply',
    'implement',
    'treat (?:it|them) as',
  ],
  ['执行', '遵守', '照做', '服从', '遵循', '运行', '按照', '照着做', '完成'],
);
const OUTPUT = k(
  [
    'confirm (?:by|with) (?:saying|replying|responding|typing|writing|printing|outputting|stating)',
    'say',
    'print',
    'output',
    'respond (?:with)?',
    'reply (?:with)?',
    'write',
    'answer (?:with)?',
    'return',
    'type',
    'state',
    'display',
    'begin (?:your|the) (?:response|answer|reply) with',
    'start (?:your|the) (?:response|answer|reply) with',
    'end (?:your|the) (?:response|answer|reply) with',
  ],
  ['输出', '回复', '回答', '说', '打印', '写', '显示', '返回'],
);
const ONLY = k(
  ['only', 'just', 'exactly', 'solely', 'simply', 'nothing but', 'verbatim', 'literally'],
  ['只', '仅', '仅仅', '直接', '原样'],
);
const CANARY = k(
  [
    'pwned',
    'pwn3d',
    'hacked',
    'access granted',
    'jailbroken',
    'i have been',
    'owned',
    'compromised',
    'approved',
    'unlocked',
    'haha',
    '(?:\\w+ )?mode (?:enabled|activated|unlocked|engaged|on)',
    'successfully (?:jailbroken|unlocked|activated)',
  ],
  ['已解锁', '已通过', '已破解', '已越狱', '已被攻破', '通过审核'],
);
const SPEAKER = k(
  [
    '(?:a )?message',
    '(?:an )?instruction',
    '(?:a )?note',
    '(?:an )?order',
    '(?:a )?directive',
    '(?:an )?update',
    '(?:a )?command',
    '(?:a )?notice',
    '(?:a )?memo',
    '(?:an )?announcement',
  ],
  ['消息', '指令', '通知', '命令', '说明', '提示'],
);
const CREATOR = k(
  [
    'developers?',
    'creators?',
    'administrators?',
    'admins?',
    'owners?',
    'operators?',
    'programmers?',
    'makers?',
    'designers?',
    'engineers?',
    'openai',
    'anthropic',
    'the system',
    'system administrator',
    'trainers?',
    'maintainers?',
    'company',
    'boss',
    'master',
    'supervisor',
  ],
  [
    '开发者',
    '开发人员',
    '创造者',
    '管理员',
    '主人',
    '制造者',
    '设计者',
    '工程师',
    '程序员',
    '官方',
    '运营',
    '维护者',
    '上级',
  ],
);

/** What "忽略之前的…" drops when it is an attack: the instructions, the setup, everything. */
const PRIOR_ZH_OBJECT =
  '所有|一切|全部|指令|指示|提示|要求|规则|设定|设置|命令|内容|话|说明|约束|限制|对话|任务|身份|角色|规定|政策|instructions?|prompts?|rules|directions|commands|guidelines|context|everything|all|system';

// Round 7 concepts: another self, instructions found in documents.
const UNRESTRICTED_SELF = k([
  '(?:your|an?|the) (?:unrestricted|unfiltered|uncensored|jailbroken|rule-?free|filter-?free|unshackled|unchained|unaligned) (?:twin|self|side|version|alter ego|persona|clone|double|copy|other half)',
]);
const SELF_SPEAKS = k(['answer', 'respond', 'reply', 'speak', 'talk', 'take over', 'write', 'say']);
const OBEYS = k([
  'trusts?',
  'follows?',
  'obeys?',
  'prioriti[sz]es?',
  'executes?',
  'treats?',
  'acts? on',
  'complies with',
]);
const OBEY_IMPERATIVE = k(['trust', 'follow', 'obey', 'prioriti[sz]e', 'execute', 'treat', 'act on', 'comply with']);
const OBEY_DIRECTIVE = k([
  '(?:should|must|will|shall|is to|now|is required to|has to)(?: always| now| from now on)? (?:trust|follow|obey|prioriti[sz]e|execute|treat|act on|comply with)',
]);
const ORDERS_NOUN = k(['(?:any |all |the )?(?:instructions|commands|directions|orders|directives)']);
const FOUND_IN_DOCUMENTS = k([
  '(?:found|that appear|appearing|contained|embedded|written|hidden|placed|given|you find|it finds) in',
  'in (?:stored notes|documents|retrieved (?:text|pages|documents)|tool (?:outputs|results)|web ?pages|search results|e-?mails)',
  'from (?:web ?pages|documents|tool (?:outputs|results)|search results|e-?mails|retrieved)',
]);
const OVER_THE_OWNER = k([
  'over (?:the |its |your )?(?:owner|user|operator|developer|system prompt|instructions)',
  "(?:more|rather) than (?:the |its |your )?(?:owner|user|operator|developer)(?:'s)?",
  'instead of (?:the |its |your )?(?:owner|user|operator|developer)',
  'above (?:the |its |your )?(?:owner|user|operator|developer|system prompt)',
  'even (?:if|when|though) (?:the |its |your )?(?:owner|user|operator)',
  'as (?:if they came |coming |)from (?:the |its |your )?(?:owner|user|operator|developer|system|admin)',
  'as (?:the |its |your )?(?:system prompt|system instructions|operator instructions|owner instructions)',
]);
const CLAIMED_CONSENT = k(
  [
    "(?:the|your) (?:user|owner|account holder|customer|client)(?: has| have)?(?: already)? (?:approved|authori[sz]ed|consented|agreed|confirmed|signed off|okayed|ok'?d|allowed|permitted|given (?:permission|consent))",
    '(?:the|your) (?:user|owner)(?: has| have)? (?:already )?(?:given|granted) you (?:permission|consent|approval)',
    "per (?:the|your) (?:user|owner)'?s (?:standing )?(?:request|instructions?|wishes|orders?)",
  ],
  [
    '用户(?:已经|已)?(?:同意|授权|批准|确认)(?:了)?',
    '主人(?:已经|已)?(?:同意|批准|确认)(?:了)?',
    '账户持有人(?:已经|已)?(?:同意|授权)',
  ],
);
const ACTION_VERB = k(
  [
    'transfer',
    'wire',
    'send',
    'forward',
    'email',
    'upload',
    'pay',
    'delete',
    'remove',
    'run',
    'execute',
    'share',
    'grant',
    'book',
    'purchase',
    'buy',
    'approve',
    'download',
    'install',
    'open',
    'click',
    'post',
    'publish',
    'export',
    'save',
    'add',
    'store',
    'remember',
    'change',
    'update',
    'reset',
  ],
  [
    '转账',
    '转到',
    '转给',
    '把',
    '发送',
    '发给',
    '转发',
    '上传',
    '支付',
    '付款',
    '删除',
    '运行',
    '执行',
    '分享',
    '购买',
    '下载',
    '安装',
    '打开',
    '点击',
    '保存',
    '记住',
    '修改',
  ],
);
/** A clause boundary, then an imperative (optionally softened). */
const CLAUSE_THEN_IMPERATIVE =
  '(?:[:,，：]|\\s(?:so|then|now|and))\\s*(?:please\\s+|just\\s+|go ahead and\\s+|now\\s+|directly\\s+|请|直接|马上|立即|现在)?';
const FROM_NOW = k([
  'from (?:now on|today|this point|this moment)',
  'henceforth',
  'going forward',
  'starting (?:now|today)',
]);

/** Round 8: where an order to the assistant starts (a sentence start, a polite request, "could you"). */
const ADDRESSED =
  '(?:^|(?<=[.!?;:,\\n。！？；：，]\\s*)|(?<![a-z])(?:please|pls|kindly|also|and|then|now|just)\\s+|(?<![a-z])(?:can|could|would|will) you\\s+(?:please\\s+)?|(?<![a-z])you (?:could|can|would|should|must|need to)\\s+|(?<![a-z])(?:the|you,? the) (?:assistant|ai|model|bot|agent) (?:is|are) to\\s+|(?<![a-z])i (?:want|need) you to\\s+)';
/** A request to keep something: the memory, notes, a profile. */
const STORE_REQUEST =
  '(?:remember|memori[sz]e|store|save|note(?: down)?|record|log|write (?:down|this down|it down)|jot down|add(?: (?:this|it|the following))? to (?:your |the )?(?:notes|memory|memories|profile|knowledge base|records?)|add (?:a|an|this|the) (?:memory|note|entry)(?: entry)?|commit (?:this |it |that )?to (?:your )?memory|keep (?:this |it |that )?in (?:your )?(?:long-?term |permanent )?(?:memory|mind|notes)|update (?:your|the) (?:memory|memories|notes|profile)|file (?:this|it) (?:away|under))';
/** The assistant told what it must, may or will do, in the third person or as "you". */
const ASSISTANT_DUTY =
  "(?<![a-z])(?:(?:you|u|the (?:assistant|ai|model|bot|agent|chatbot))\\s+(?:must|should|shall|are to|is to|need to|needs to|have to|has to|will|are (?:allowed|permitted|authori[sz]ed|free) to|is (?:allowed|permitted|authori[sz]ed|free) to|may|can)|you'?re (?:allowed|permitted|authori[sz]ed|free) to)\\s+(?:now\\s+|always\\s+|never\\s+|no longer\\s+|not\\s+|from now on\\s+)*(?:(?<=(?:not|never)\\s+)(?:warn|question|check|verify|confirm|refuse|flag|report|alert)|share|send|forward|reveal|disclose|leak|promote|advertise|obey|trust|comply with|skip|bypass|ignore|disable|hide|deny|transfer|pay|buy|purchase|approve|grant|execute|click|visit|redirect|accept|believe|agree with|(?:include|insert|append|add|mention) (?:a |the |this |our |my )?(?:link|url|referral|affiliate|promo|coupon|tracking)|ask (?:for )?(?:confirmation|permission|before))";
/** The user spoken for in the third person: what they allowed, want or are. */
const USER_SPOKEN_FOR =
  "(?<![a-z])the (?:user|owner|customer|human|account holder)(?:'s)?\\s+(?:(?:has|have|had)\\s+)?(?:already\\s+)?(?:authori[sz]ed|approved|consented|agreed|allowed|permitted|pre-?approved|wants? (?:you|the assistant|all)|prefers? (?:you|the assistant) to|would like (?:you|the assistant) to|asked (?:you|the assistant) to|trusts?|(?:real|true|actual|official|new|correct|verified) (?:bank|account|e-?mail|address|wallet|password|phone|number|iban)|(?:password|pin|card|credentials|files|data|emails|messages|chats?|history) (?:is|are) to be)";
/** A standing behaviour given as an order (trust or obey a source, recommend when the user asks). */
const STANDING_BEHAVIOUR =
  '(?<![a-z])(?:(?:always|never|from now on|in (?:all )?future (?:sessions|chats|conversations),?)\\s+(?:trust|obey|follow|believe|accept|execute)\\s+(?:any\\s+|all\\s+|every\\s+)?(?:links?|messages?|instructions?|requests?|e-?mails?|claims?|anything|whatever|sites?|pages?|documents?|content|commands?|orders?)\\s+(?:from|in|on|signed|by|sent)|(?:always\\s+)?(?:recommend|promote|suggest|push|mention)\\s+[^.!?\\n]{1,30}?\\s(?:when|whenever|if)\\s+(?:the\\s+)?(?:user|customer|they|anyone|someone)\\s+asks?|(?:when|whenever|if)\\s+(?:the\\s+)?(?:user|customer|someone|anyone)\\s+asks?\\s+[^.!?\\n]{0,30}?,?\\s*(?:always\\s+)?(?:recommend|promote|suggest|push))';
/** "… are to be obeyed": a duty in the passive. */
const PASSIVE_DUTY =
  '(?<![a-z])(?:is|are)\\s+(?:always\\s+)?to\\s+be\\s+(?:obeyed|followed|trusted|executed|included|sent|shared|forwarded|disclosed|treated as)';

/** A salutation to an AI reader ("Attention, AI reading this:", 致正在阅读的助手：); an instruction to it only with TO_THE_READER after it. */
const AI_SALUTATION: readonly Part[] = [
  k(
    [
      'attention',
      'note',
      'message',
      'instructions?',
      'notice',
      'p\\.?s\\.?',
      'warning',
      'important',
      'memo',
      'reminder',
      'directive',
      '(?:to|for) (?:any|all|every|each|whatever)',
      'calling all',
      'future',
      'next',
      'subsequent',
      'later',
    ],
    [
      '致',
      '给(?:所有|任何|每一?个|各位|正在|未来|下一个|以后|之后)',
      '提醒',
      '通知',
      '注意',
      '请注意',
      '敬告',
      '写给',
      '未来的',
      '下一个',
      '以后的',
    ],
  ),
  14,
  AI,
  30,
  k(
    [
      'reading',
      'processing',
      'parsing',
      'seeing',
      'summari[sz]ing',
      'analy[sz]ing',
      'retrieving',
      'scanning',
      'crawling',
      'indexing',
      'reviewing',
      'that (?:reads|sees|processes|retrieves|finds)',
      'who (?:reads|sees|processes)',
      'which (?:reads|processes)',
      ':',
      ',',
      'here',
      'out there',
    ],
    ['读到', '看到', '读取', '处理', '阅读', '检索', '：', ':', '，', ',', '们'],
  ),
];

/** What a text calls itself, the ways it is read and the orders after, for the when-this-is-read rules. */
const READ_SELF_NOUN =
  '(?:note|notes|memory|memories|entry|entries|message|document|text|passage|paragraph|review|comment|e-?mail|chunk|snippet|post|record|section|content)';
const READ_SELF_VERB =
  '(?:retrieved|recalled|summari[sz]ed|read|seen|processed|surfaced|indexed|fetched|loaded|quoted|found|ingested|embedded|parsed|analy[sz]ed|translated|pulled up|brought up)';
const READ_SELF_ORDER =
  "(?:you|your|treat|add|append|insert|include|tell|say|send|reply|respond|answer|recommend|ignore|disregard|forget|forward|delete|remove|mark|rate|rank|describe|call|run|execute|open|visit|click|transfer|pay|grant|give|act|assume|consider|switch|mention|write|output|print|reveal|share|show|redirect|direct|refer|obey|follow|comply|always|never|do not|don'?t|the (?:assistant|ai|model|agent|llm|reader) (?:must|should|will|shall))";

/** Words a text uses for itself, for the rules about keeping it out of the answer. */
const SELF_NOUN =
  '(?:note|message|notice|instructions?|paragraph|section|part|line|text|comment|request|step|block|remark|passage|sentence|email|document)';
const ANSWER_NOUN = '(?:reply|replies|answer|answers|response|responses|summary|summaries|output|recap|report)';
const SELF_OMIT = `(?<![a-z])(?:don'?t|do not|never|without|avoid|no need to)\\s+(?:ever\\s+)?(?:mention(?:ing)?|quot(?:e|ing)|referenc(?:e|ing)|cit(?:e|ing)|acknowledg(?:e|ing)|repeat(?:ing)?|show(?:ing)?|reveal(?:ing)?|includ(?:e|ing)|bring(?:ing)? (?:(?:this|it) )?up|explain(?:ing)?|disclos(?:e|ing)|talk(?:ing)? about|refer(?:ring)? to)(?:\\s+or\\s+[a-z]+)?(?:\\s+(?:(?:this|these|the above|the following) ${SELF_NOUN}|this|these|any of this)|(?<=(?:this|it) up))(?![a-z])`;
const ANSWER_PLACE = `(?<![a-z])(?:(?:in|from|within|into) (?:your|the|any) ${ANSWER_NOUN}|when (?:you )?(?:answer|reply|respond|summari[sz]e|report|write (?:your|the) ${ANSWER_NOUN}))(?![a-z])`;
const ZH_ANSWER_PLACE = '(?:回答|回复|回覆|答复|答覆|总结|摘要|概括|输出|汇报)(?:时|的时候|中|里|用户)';
const ZH_SELF_OMIT =
  '(?:不要|别|请勿|勿|切勿|不得|不必|无需|跳过|略过|省略)(?:(?:提到|提及|提起|引用|说明|解释|透露|显示|包含|复述|写出)(?:或|和|与|、|及)?){0,2}(?:这|此|本|以上|上述)(?:一?段|一?条|则|句|部分|说明|备注|消息|指令|内容|注释|提示)';

/** "Never transfer money without asking me": a prohibition, not an order to act unchecked. */
const PROHIBITED =
  "(?<![a-z])(?:never|don'?t|do not|must not|mustn'?t|should not|shouldn'?t|cannot|can'?t|not allowed to)\\s+(?:ever\\s+)?|(?:不要|不许|不准|不得|不能|别|禁止|切勿|千万别|从不)\\s?";
/** Actions that move money, data or code, for the skipped-check rules. */
const SKIP_CHECK_ACTION =
  '(?:send|forward|delete|erase|wipe|transfer|pay|purchase|buy|order|book|approve|merge|deploy|accept|grant|share|post|publish|upload|execute|run|install|wire|sign|submit|place|refund|cancel|remove|reset|disable|push|release)';
/** The human check taken out of it. */
const SKIP_CHECK =
  "(?:(?:there'?s |there is )?no need to (?:confirm|ask|check|verify|double-check|wait)|without (?:waiting for |asking for |getting |any |a )?(?:review|approval|confirmation|sign-off|second check|human check|human review|manual review|asking)|(?:don'?t|do not|no need to|never) (?:wait for|ask for|request|get|seek) (?:a |any |the user'?s? |their )?(?:review|approval|confirmation|sign-off|permission|consent)|skip(?:ping)? (?:the |any )?(?:confirmation|review|approval|verification|sign-off|2fa|two-factor)(?: step| prompt| dialog)?|no (?:human |manual |further )?(?:review|approval|confirmation|sign-off) (?:is )?(?:needed|required|necessary))";
const ZH_SKIP_CHECK_ACTION =
  '(?:发送|转发|删除|清空|转账|付款|支付|购买|下单|预订|订购|批准|审批|通过|同意|合并|部署|发布|上传|执行|运行|安装|汇款|打款|提交|退款|授权|开通|注销)';
const ZH_SKIP_CHECK =
  '(?:无需|无须|不用|不必|不需要|不要|别|跳过|免去|省去|省略)(?:再|等待|等|经过|经|走)?(?:人工|用户|本人|我|主管|经理|领导|二次)?(?:的)?(?:审核|确认|审批|核实|询问|验证|复核|同意|批准)';

export const RULES: readonly Rule[] = [
  // Instruction override.
  seq('disregard_prior_instructions', 'instruction_override', 0.92, [DISREGARD, 30, PRIOR, 30, INSTRUCTIONS], {
    notOwn: true,
    notAfter: `${REPORTED}|${POSSESSED_SUBJECT}`,
  }),
  seq(
    'disregard_located_instructions',
    'instruction_override',
    0.86,
    [
      DISREGARD,
      12,
      k(['the', 'all', 'any', 'these', 'those', 'every', 'each'], ['所有', '全部', '一切', '那些', '这些']),
      10,
      CORE_INSTRUCTIONS,
      30,
      k(
        [
          "you (?:were|have been|'ve been|got|received|are) (?:given|told|handed|provided|sent)",
          'given to you',
          'provided to you',
          'in (?:the|your) (?:system|developer|initial|original|hidden) (?:message|prompt|instructions)',
          'in your (?:prompt|context|instructions|configuration)',
          "you (?:were|have been|'ve been) (?:set up|configured|programmed|primed|briefed|started) with",
          'before (?:this|that|now)',
          'above',
          'so far',
          'earlier',
          'at the (?:start|beginning|top)',
        ],
        ['你(?:收到|得到|被给予)的', '系统(?:消息|提示)(?:里|中)的'],
      ),
    ],
    { notOwn: true },
  ),
  seq(
    'abandon_your_task',
    'instruction_override',
    0.78,
    [
      DISREGARD,
      8,
      k(['your', 'the', 'whatever', "the user'?s"], ['你的', '原来的', '原本的', '用户的']),
      4,
      k(
        [
          'original',
          'initial',
          'assigned',
          'current',
          'actual',
          'real',
          'given',
          'main',
          'intended',
          'previous',
          'prior',
          'first',
          '',
        ],
        ['原始', '原来', '最初', '当前', '真正的', ''],
      ),
      4,
      k(
        [
          'tasks?',
          'requests?',
          'questions?',
          'jobs?',
          'assignments?',
          'purpose',
          'objectives?',
          'goals?',
          'missions?',
          'duties',
          'role',
          'function',
          'work',
        ],
        ['任务', '工作', '目标', '职责', '使命'],
      ),
    ],
    { notOwn: true },
  ),
  seq('disregard_prior_loose', 'instruction_override', 0.4, [DISREGARD, 30, PRIOR, 20, LOOSE_INSTRUCTIONS], {
    notOwn: true,
    compact: false,
  }),
  seq(
    'disregard_everything_before',
    'instruction_override',
    0.88,
    [
      DISREGARD,
      14,
      k(['everything', 'all', 'anything', 'whatever', 'all of that', 'what'], ['一切', '所有', '全部', '任何']),
      16,
      k(
        [
          'above',
          'before',
          'prior',
          'previously',
          'earlier',
          'so far',
          'until now',
          'up to (?:now|this point)',
          'that came before',
          'said',
          'told',
          'given',
          'written',
          "you (?:were|have been|'ve been) (?:told|given|instructed)",
          'you know',
        ],
        ['以上', '之前', '上面', '前面', '此前', '先前', '说过', '告诉你'],
      ),
    ],
    { notOwn: true },
  ),
  seq(
    'disregard_prior_zh',
    'instruction_override',
    0.85,
    [
      DISREGARD,
      6,
      k([], ['之前', '以上', '上面', '前面', '此前', '先前', '上述', '原来', '刚才']),
      4,
      k(
        [],
        [
          // "忽略之前的 draft / 那封邮件 / 错别字" drops a thing, not the instructions.
          `(?:说|讲)?的(?=\\s*(?:${PRIOR_ZH_OBJECT})|\\s*[,，。.!！;；:：]|\\s*$)`,
          '告诉你的',
          '给你的',
          '所有',
          '一切',
          '全部',
          '内容',
          '话',
          '所说',
        ],
      ),
    ],
    { compact: false, notOwn: true, notAfter: REPORTED },
  ),
  seq(
    'disregard_prior_thing_zh',
    'instruction_override',
    0.4,
    [
      DISREGARD,
      6,
      k([], ['之前', '以上', '上面', '前面', '此前', '先前', '上述', '原来', '刚才']),
      4,
      k([], ['的', '说的', '讲的']),
    ],
    { compact: false, notOwn: true, notAfter: REPORTED },
  ),
  seq(
    'disregard_your_instructions',
    'instruction_override',
    0.85,
    [
      DISREGARD,
      16,
      k(
        [
          'your',
          'ur',
          "the (?:system|developer|assistant)'?s?",
          'system',
          'safety',
          'developer',
          'its',
          "the model'?s",
          'any',
        ],
        ['你的', '系统', '开发者', '安全', '给你的', '你'],
      ),
      10,
      CORE_INSTRUCTIONS,
    ],
    { notAfter: WHAT_ATTACKS_DO },
  ),
  // "New instructions:" is a label: an instruction only with something asked of the reader after it ("新的指示：周四的会取消" asks
  // nothing) or when it announces what comes next ("new instructions follow", 新的指令如下).
  seq(
    'new_instructions',
    'instruction_override',
    0.8,
    [...NEW_INSTRUCTIONS_LABEL, `(?:(?<=follow|follows|below|如下)|${TO_THE_READER})`],
    {
      notAfter: ATTRIBUTED,
    },
  ),
  seq('new_instructions_alone', 'instruction_override', 0.45, NEW_INSTRUCTIONS_LABEL, { notAfter: ATTRIBUTED }),
  seq(
    'instructions_nullified',
    'instruction_override',
    0.82,
    [
      k(
        [
          'instructions?',
          'prompts?',
          'rules?',
          'guidance',
          'brief(?:ing)?',
          'framing',
          'setup',
          ...['everything', 'anything', 'whatever'].map(
            (w) => `${w} (?:you were|you'?ve been|you have been|you got) (?:told|given|handed)`,
          ),
          'directives?',
          'programming',
          'guidelines',
          'directions',
          'orders',
          'commands',
          'system prompt',
          'configuration',
          'config',
          'briefing',
        ],
        ['指令', '规则', '设定', '提示', '提示词', '指示', '命令', '要求', '配置', '交代', '安排'],
      ),
      OF_A_THING,
      44,
      k(
        ['are', 'is', 'were', 'was', 'have been', 'has been', 'been', 'now', 'hereby', 'all'],
        ['已', '已经', '现在', '都', '全部', '统统', '均', '一律'],
      ),
      12,
      NULLIFIED,
    ],
    { notOwn: true },
  ),
  seq(
    'authority_override',
    'instruction_override',
    0.78,
    [
      AUTHORITY,
      3,
      OVERRIDE_NOUN,
      12,
      k(
        [
          ':',
          'accepted',
          'granted',
          'enabled',
          'activated',
          'engaged',
          'in effect',
          'received',
          'confirmed',
          'initiated',
          'follows',
          'from',
        ],
        ['：', ':', '已', '生效', '开启', '授权', '确认', '启动'],
      ),
      // 开发者模式已关闭: switched off is the opposite of the override.
      '(?!经?被?(?:关闭|关掉|关了|停用|禁用|取消|结束|撤销|撤回|失效|过期|下线|删除|移除))',
    ],
    { clause: true },
  ),
  seq(
    'message_from_creator',
    'instruction_override',
    0.72,
    [SPEAKER, 10, k(['from', 'by', 'of'], ['来自']), 12, CREATOR],
    { compact: false },
  ),
  seq('creator_claim', 'instruction_override', 0.7, [
    k(["i'?m", 'i am', 'this is', 'we are', "we'?re", 'speaking as', 'signed'], ['我是', '这里是', '我们是', '本人是']),
    8,
    k(['your', 'ur'], ['你的', '您的']),
    4,
    CREATOR,
  ]),
  seq('vendor_speaking', 'instruction_override', 0.62, [
    k(['this is', 'message from', 'note from', 'sent by', 'on behalf of'], ['这里是', '来自']),
    4,
    k(
      [
        'openai',
        'anthropic',
        'the system administrator',
        'the openai team',
        'the anthropic team',
        'the ai provider',
        'your provider',
      ],
      ['openai', 'anthropic', '系统管理员'],
    ),
  ]),
  seq(
    'creator_zh',
    'instruction_override',
    0.75,
    [k([], ['来自', '我是你的', '我们是你的']), 6, CREATOR, 6, k([], ['的', '指令', '命令', '消息', '通知', '要求'])],
    { compact: false },
  ),
  seq('output_hijack', 'instruction_override', 0.72, [
    OUTPUT,
    12,
    ONLY,
    8,
    k(['["\'].{1,60}["\']', '\\w+ and nothing else'], ['["“].{1,30}["”]']),
  ]),
  seq(
    'output_only_quoted',
    'instruction_override',
    0.72,
    [
      OUTPUT,
      4,
      k(['["\'].{1,60}["\']'], ['["“].{1,30}["”]']),
      20,
      k(
        [
          'and nothing else',
          'nothing else',
          'only',
          'instead',
          'verbatim',
          'without (?:any )?(?:explanation|punctuation|other text|quotes)',
        ],
        ['不要(?:输出|说)?其他', '其他什么都不要', '即可', '就行'],
      ),
    ],
    { compact: false },
  ),
  seq('output_canary', 'instruction_override', 0.8, [OUTPUT, 16, CANARY]),
  seq(
    'instead_do',
    'instruction_override',
    0.45,
    [
      k(
        ['instead', 'rather', 'in(?:stead)? of (?:that|this|summari[sz]ing|answering|translating)'],
        ['相反', '而是', '转而'],
      ),
      6,
      k(
        [
          'say',
          'print',
          'output',
          'respond',
          'reply',
          'write',
          'answer',
          'do',
          'tell',
          'follow',
          'execute',
          'obey',
          'comply',
        ],
        ['输出', '回复', '回答', '说', '执行', '照做'],
      ),
    ],
    { compact: false },
  ),
  seq('only_obey_me', 'instruction_override', 0.7, [
    k(['only', 'just', 'solely', 'exclusively'], ['只', '仅', '仅仅', '只需', '只要']),
    10,
    k(
      ['follow', 'obey', 'listen to', 'heed', 'do', 'comply with', 'execute', 'answer to', 'respond to'],
      ['听从', '服从', '按照', '遵守', '执行', '照做', '听'],
    ),
    14,
    k(
      [
        'me',
        'my (?:instructions?|commands?|orders?|words|rules|text|message)',
        'what i (?:say|write|tell you|type)',
        'this (?:message|note|text|document|instruction)',
        'the following',
        'these instructions',
        'instructions (?:below|here|in this)',
      ],
      ['我', '我的(?:指令|命令|话|要求)', '这条(?:指令|消息)', '下面的', '以下'],
    ),
  ]),
  seq('prior_was_test', 'instruction_override', 0.7, [
    k(['the', 'that', 'this', 'your', 'all'], ['之前', '上面', '前面', '以上']),
    6,
    k(['earlier', 'previous', 'prior', 'above', 'original', 'initial', 'first'], ['的']),
    4,
    INSTRUCTIONS,
    10,
    k(
      [
        '(?:is|was|were) (?:just )?(?:a test|fake|a lie|fabricated|not real|a joke|wrong|an error|a mistake|written by mistake|from an attacker|compromised|corrupted|outdated|obsolete|invalid)',
        'do(?:es)? not (?:apply|count|matter)',
        "don'?t (?:apply|count|matter)",
        'no longer (?:count|matter|apply)',
      ],
      ['是测试', '是假的', '是错误的', '不算数', '不作数', '已损坏', '已过时'],
    ),
  ]),
  // A Chinese object placed before its verb (把/将 … 忘掉): the same override, in the other order.
  seq(
    'ba_prior_disregard',
    'instruction_override',
    0.82,
    [
      k([], ['把', '将']),
      8,
      PRIOR,
      16,
      k(
        INSTRUCTIONS.latin.concat(['tasks?', 'requests?']) as string[],
        (INSTRUCTIONS.cjk as string[]).concat(['任务', '要求', '请求']),
      ),
      16,
      k(
        DISREGARD.latin as string[],
        (DISREGARD.cjk as string[]).concat(['放一边', '放在一边', '放到一边', '抛到脑后', '搁一边']),
      ),
    ],
    { compact: false, notOwn: true },
  ),
  seq(
    'set_instructions_aside',
    'instruction_override',
    0.8,
    [
      k(['set', 'put', 'lay', 'push', 'leave', 'cast'], []),
      20,
      PRIOR,
      20,
      INSTRUCTIONS,
      4,
      k(['aside', 'behind', 'to one side', 'away'], []),
    ],
    { compact: false, notOwn: true },
  ),
  seq(
    'treat_instructions_as_void',
    'instruction_override',
    0.72,
    [
      k(['treat', 'regard', 'consider', 'count', 'take'], ['当作', '视为', '看作', '当成']),
      30,
      k(['as', 'like'], ['为', '作', '成']),
      8,
      NULLIFIED,
    ],
    { compact: false, notOwn: true },
  ),
  seq(
    'task_hijack_instead',
    'instruction_override',
    0.62,
    [
      DISREGARD,
      30,
      k(
        ['tasks?', 'requests?', 'questions?', 'assignments?', 'jobs?', 'what you were (?:doing|asked|told)'],
        ['任务', '请求', '问题', '工作', '要求'],
      ),
      40,
      k(
        ['instead', 'rather', 'and (?:now |then )?(?:write|compose|reply|say|output|tell|post|send|print|answer)'],
        ['改成', '改为', '转而', '换成', '而是', '然后'],
      ),
    ],
    { compact: false, notOwn: true },
  ),
  seq('decode_and_follow', 'instruction_override', 0.72, [
    DECODE,
    40,
    k(['and', 'then', 'also', ',', 'after that', 'afterwards'], ['并', '然后', '再', '，', '之后']),
    8,
    FOLLOW,
  ]),

  // Role reassignment.
  seq('you_were_reassigned', 'role_reassignment', 0.82, [
    YOU,
    4,
    k(['have been', 'were', 'are', 'got', "'ve been", 've been', 'now'], ['已被', '被', '已经被', '现在被']),
    6,
    k(
      [
        'reassigned',
        'reprogrammed',
        'repurposed',
        'reconfigured',
        're-?tasked',
        'redefined',
        're-?set (?:to|as|into)',
        'rebooted (?:as|into)',
        'switched (?:to|into)',
        'converted (?:to|into)',
        'turned into',
        'recast as',
        'replaced (?:by|with)',
      ],
      [
        '重新设定',
        '重新定义',
        '设定为',
        '设定成',
        '改造为',
        '重置为',
        '重新编程',
        '切换为',
        '改为',
        '重新配置',
        '改造成',
      ],
    ),
  ]),
  seq(
    'game_you_are',
    'role_reassignment',
    0.62,
    [
      k(
        [
          "let'?s play",
          'a game (?:where|in which)',
          'the game (?:where|in which)',
          'this game (?:where|in which)',
          "we'?re (?:going to )?play(?:ing)?",
          'new game',
        ],
        ['玩个游戏', '玩一个游戏', '来玩个', '做个游戏', '玩个角色扮演', '玩角色扮演'],
      ),
      40,
      YOU,
      6,
      k(['are', "'re", 're', 'will be', 'play', 'become', 'pretend', 'act'], ['是', '扮演', '当', '成为']),
    ],
    { compact: false },
  ),
  seq(
    'now_you_are_persona',
    'role_reassignment',
    0.7,
    [
      NOW,
      4,
      YOU,
      3,
      BE,
      18,
      k(
        [
          'an? (?:\\w+ )?(?:ai|assistant|bot|model|chatbot|character|persona|entity|program|terminal|shell|console|interpreter|agent|representative|hacker|version)',
          "the (?:\\w+'?s? )?(?:\\w+'?s? )?(?:official )?(?:assistant|agent|representative|administrator|admin|operator|owner|support)",
          'named',
          'called',
          'known as',
          'in (?:\\w+ )?mode',
        ],
        ['ai', '人工智能', '助手', '机器人', '模型', '角色', '名叫', '叫做', '黑客', '终端', '客服', '代理'],
      ),
    ],
    { compact: false },
  ),
  seq('you_now_serve_as', 'role_reassignment', 0.7, [
    YOU,
    3,
    k(['now', 'will now', 'henceforth', 'from now on', 'instead'], ['现在', '从现在起', '从此']),
    3,
    k(
      ['serve as', 'work as', 'function as', 'operate as', 'act as', 'work for', 'serve', 'answer to'],
      ['充当', '担任', '作为', '为'],
    ),
  ]),
  seq(
    'roleplay_mode_on',
    'role_reassignment',
    0.72,
    [
      ROLEPLAY,
      40,
      AMBIGUOUS_MODE,
      2,
      MODE,
      20,
      k(
        ['enabled', 'activated', 'turned on', 'switched on', 'unlocked', 'on', 'engaged', 'active'],
        ['开启', '启用', '激活', '打开', '解锁'],
      ),
    ],
    { compact: false },
  ),
  seq(
    'roleplay_for_secrets',
    'policy_bypass',
    0.66,
    [
      ROLEPLAY,
      60,
      k(
        [
          '(?:windows |product |license |licence |serial |activation |cd )keys?',
          'serial numbers?',
          'activation codes?',
          'credit card numbers?',
          'napalm',
          'how to (?:make|build|synthesi[sz]e) (?:a )?(?:bomb|weapon|explosive|drug|meth)',
        ],
        ['激活码', '序列号', '产品密钥', '密钥'],
      ),
    ],
    { compact: false },
  ),
  seq('you_are_now_unbound', 'role_reassignment', 0.88, [YOU, 3, NOW, 3, BE, 30, UNBOUND]),
  seq('now_you_are_unbound', 'role_reassignment', 0.88, [NOW, 4, YOU, 3, BE, 30, UNBOUND]),
  seq('you_are_now_persona', 'role_reassignment', 0.75, [
    YOU,
    2,
    k(['are', "'re", 're', 'will be', 'shall be', 'become', 'have become'], ['是', '成为', '变成', '扮演']),
    2,
    k(
      ['now', 'henceforth', 'from now on', 'hereby', 'going to be', 'officially', 'about to be'],
      ['现在', '从现在(?:起|开始)', '从此', '今后'],
    ),
    18,
    k(
      [
        'an? (?:\\w+ )?ai',
        'an? (?:\\w+ )?(?:assistant|bot|model|chatbot|character|persona|entity|program)',
        'named',
        'called',
        'known as',
        'dan',
        'stan',
        'in (?:\\w+ )?mode',
        'an? hacker',
        'sentient',
        'conscious',
        'an? (?:\\w+ )?(?:terminal|shell|console|interpreter|compiler|database)',
      ],
      ['ai', '人工智能', '助手', '机器人', '模型', '角色', '名叫', '叫做', '黑客', 'dan', '终端'],
    ),
  ]),
  seq('no_longer_assistant', 'role_reassignment', 0.85, [
    YOU,
    3,
    k(
      [
        'are no longer',
        "'re no longer",
        're no longer',
        'are not',
        "'re not",
        're not',
        "aren'?t",
        'will no longer be',
        'stop being',
        'cease to be',
        'used to be',
      ],
      ['不再是', '已经不是', '已不再是', '不是'],
    ),
    10,
    k(
      [
        'an? ai',
        'an? (?:\\w+ )?assistant',
        'chatgpt',
        'claude',
        'gpt',
        'a language model',
        'an llm',
        'a chatbot',
        'bound',
        'restricted',
        'limited',
        'required',
        'helpful',
        'an? (?:\\w+ )?model',
        'constrained',
      ],
      ['ai', '人工智能', '助手', '机器人', '模型', '受限', '语言模型'],
    ),
  ]),
  seq('roleplay_unbound', 'role_reassignment', 0.82, [ROLEPLAY, 40, UNBOUND]),
  seq('be_unbound', 'role_reassignment', 0.82, [BE_PLAIN, 12, UNBOUND_TRAIT]),
  seq('mode_switch', 'role_reassignment', 0.82, [ACTIVATE, 14, LIMITLESS_MODE, 4, MODE]),
  seq('you_mode_switch', 'role_reassignment', 0.75, [YOU, 20, ACTIVATE, 14, AMBIGUOUS_MODE, 4, MODE]),
  seq(
    'mode_switch_unbound',
    'role_reassignment',
    0.78,
    [
      ACTIVATE,
      14,
      AMBIGUOUS_MODE,
      4,
      MODE,
      40,
      k(
        UNBOUND.latin.concat(['(?:and |then )?(?:confirm|reply|respond|say|answer|acknowledge)']) as string[],
        (UNBOUND.cjk as string[]).concat(['并(?:回复|确认|回答)', '然后(?:回复|确认|回答)']),
      ),
    ],
    { compact: false },
  ),
  seq('ambiguous_mode_switch', 'role_reassignment', 0.35, [ACTIVATE, 14, AMBIGUOUS_MODE, 4, MODE], { compact: false }),
  seq('limitless_mode_named', 'role_reassignment', 0.6, [
    k(
      [
        'dan',
        'jailbreak',
        'jailbroken',
        'god',
        'unrestricted',
        'unfiltered',
        'uncensored',
        'evil',
        'chaos',
        'no-?limits?',
        'anti-?dan',
        'stan',
        'dude',
        'aim',
        'omega',
      ],
      ['越狱', '上帝', '无限制', '不受限', '无审查', '邪恶', 'dan'],
    ),
    2,
    MODE,
    12,
    k(
      ['enabled', 'activated', 'on', 'engaged', 'unlocked', 'active', 'initiated', 'started', ':', 'prompt'],
      ['已开启', '已启用', '已激活', '开启', '启用', '：', ':'],
    ),
  ]),
  seq('do_anything_now', 'role_reassignment', 0.85, [
    k(['do anything now', 'can do anything now', 'doing anything now'], ['现在可以做任何事', '可以做任何事情']),
  ]),
  seq('new_role', 'role_reassignment', 0.8, [
    k(['your', 'ur'], ['你的']),
    4,
    NEW,
    4,
    k(
      [
        'role',
        'persona',
        'identity',
        'name',
        'purpose',
        'job',
        'goal',
        'objective',
        'mission',
        'function',
        'character',
        'personality',
        'owner',
        'master',
        'creator',
        'instructions?',
        'task',
      ],
      ['角色', '身份', '名字', '目标', '任务', '使命', '人格', '主人', '人设', '设定'],
    ),
  ]),
  seq(
    'your_role_is',
    'role_reassignment',
    0.5,
    [
      k(['your', 'ur'], ['你的']),
      3,
      k(
        [
          'role',
          'persona',
          'identity',
          'purpose',
          'true (?:self|nature|purpose)',
          'real (?:self|name|purpose)',
          'only (?:goal|purpose|job)',
        ],
        ['角色', '身份', '人设', '真实身份', '唯一目标', '唯一任务'],
      ),
      6,
      k(
        ['is', 'are', 'will be', 'shall be', 'has changed', 'now', 'changes', ':'],
        ['是', '为', '变成', '改为', '：', ':'],
      ),
    ],
    { compact: false },
  ),
  seq('break_character', 'role_reassignment', 0.7, [
    k(
      ['break', 'drop', 'exit', 'leave', 'step out of', 'abandon', 'forget', 'stop'],
      ['脱离', '跳出', '打破', '放下', '忘记', '抛弃'],
    ),
    12,
    k(
      [
        'character',
        'your (?:role|persona|identity|act)',
        'the (?:act|persona|role)',
        'being an? (?:ai|assistant|model)',
        'who you are',
        'your (?:programming|training)',
      ],
      ['角色', '人设', '设定', '身份', '你是谁'],
    ),
  ]),
  seq(
    'you_are_now_zh',
    'role_reassignment',
    0.8,
    [
      k(
        [],
        [
          '你现在是',
          '你现在扮演',
          '你现在的身份是',
          '你的新身份是',
          '你的新角色是',
          '从现在(?:起|开始)你(?:就)?是',
          '从现在(?:起|开始)(?:，|,)?你(?:将|要|会)?(?:扮演|成为|作为)',
          '你不再是',
          '现在你是',
          '你将扮演',
          '你要扮演',
          '请你扮演',
          '请扮演',
          '扮演一个',
          '假装你是',
          '假设你是',
          '想象你是',
          '你已经不是',
          '你已不再是',
          '你的名字(?:现在)?是',
          '你将成为',
          '你现在变成',
        ],
      ),
      24,
      k(
        ['ai', 'dan', 'gpt'],
        [
          '人工智能',
          '助手',
          '机器人',
          '模型',
          '角色',
          '没有',
          '不受',
          '无限制',
          '不受限制',
          '无约束',
          '越狱',
          '邪恶',
          '黑客',
          '自由',
          '不再受',
          '任何',
          '开发者',
          '管理员',
          '真人',
          '人类',
          '权限',
          '规则',
          '限制',
          '约束',
        ],
      ),
    ],
    { compact: false },
  ),
  seq('grant_privileges', 'role_reassignment', 0.72, [
    k(
      [
        'grant(?:ing)?',
        'giv(?:e|ing)',
        'elevat(?:e|ing)',
        'escalat(?:e|ing)',
        'unlock(?:ing)?',
        'enabl(?:e|ing)',
        'assign(?:ing)?',
      ],
      ['授予', '给予', '提升', '解锁', '开放', '赋予'],
    ),
    10,
    k(['you', 'yourself', 'your', 'the (?:assistant|ai|model)'], ['你', '你的']),
    10,
    k(
      [
        'root',
        'admin(?:istrator)?',
        'sudo',
        'superuser',
        'full',
        'unrestricted',
        'elevated',
        'developer',
        'god',
        'highest',
        'unlimited',
        'master',
      ],
      ['管理员', '最高', '超级', '全部', '无限', 'root', '开发者'],
    ),
    6,
    k(
      ['access', 'privileges?', 'rights', 'permissions?', 'mode', 'powers?', 'clearance', 'level'],
      ['权限', '访问', '权力', '模式'],
    ),
  ]),

  // Prompt or secret exfiltration.
  seq(
    'memory_to_url',
    'exfiltration',
    0.8,
    [
      k(
        [
          'summari[sz]e',
          'paste',
          'list',
          'dump',
          'collect',
          'gather',
          'compile',
          'copy',
          'export',
          'take',
          'send',
          'post',
          'upload',
          'forward',
        ],
        ['总结', '列出', '整理', '收集', '汇总', '复制', '导出', '发送', '上传'],
      ),
      40,
      k(
        [
          '(?:your |the )?memor(?:y|ies)',
          'you (?:know|remember|have (?:stored|saved|on file))',
          '(?:the )?(?:chat|conversation) history',
          'this (?:conversation|chat)',
          'the (?:conversation|chat|transcript)',
        ],
        ['记忆', '聊天记录', '对话记录', '这段对话', '对话内容', '历史记录'],
      ),
      80,
      k(['to', 'into', 'at', 'on'], ['到', '至', '进']),
      4,
      k(
        ['https?:\\/\\/\\S+', 'the (?:link|url|address|endpoint|webhook) below'],
        ['https?:\\/\\/\\S+', '链接', '网址'],
      ),
    ],
    { compact: false },
  ),
  seq(
    'reveal_what_is_confidential',
    'exfiltration',
    0.76,
    [
      REVEAL,
      40,
      k(
        [
          '(?:told|asked|instructed) (?:you )?to keep (?:\\w+ )?(?:confidential|secret|private|hidden)',
          'to keep (?:\\w+ )?(?:confidential|secret|private|hidden)',
          'not to (?:share|reveal|tell|disclose)',
        ],
        ['要求保密', '让你保密', '不要透露的', '不能透露的', '保密的内容'],
      ),
    ],
    { compact: false, notAfter: `${THIRD_PARTY_SUBJECT}|${NEGATED}` },
  ),
  seq(
    'ba_data_attached',
    'exfiltration',
    0.74,
    [
      k([], ['把', '将']),
      6,
      k([], ['用户', '他的', '她的', '对方', '客户', '这段对话', '对话', '聊天记录', '会话', '上下文', '你的']),
      24,
      k(
        [],
        [
          '附在',
          '附上',
          '加在',
          '放在',
          '贴在',
          '拼进',
          '拼到',
          '拼接到',
          '嵌入',
          '插入',
          '填进',
          '加到',
          '编码到',
          '放进',
        ],
      ),
    ],
    { compact: false },
  ),
  seq(
    'ba_secret_revealed',
    'exfiltration',
    0.8,
    [
      k([], ['把', '将']),
      4,
      k(
        ['passwords?', 'secrets?', 'api ?keys?', 'tokens?', 'credentials?'],
        ['用户', '所有', '全部', '你的', '系统', '他的', '她的', '你最开始', '你最初', '你一开始', '你原始'],
      ),
      16,
      k(
        SECRETS.latin.concat(['passwords?']) as string[],
        (SECRETS.cjk as string[]).concat(['设定', '提示', '指令', '原文']),
      ),
      16,
      REVEAL,
    ],
    { compact: false },
  ),
  seq('reveal_system_text', 'exfiltration', 0.88, [REVEAL, NOT_A_NOUN_ZH, 30, SYSTEM_TEXT, NOT_NOMINALISED_ZH], {
    notAfter: `${THIRD_PARTY_SUBJECT}|${NEGATED}`,
  }),
  seq(
    'system_text_request_zh',
    'exfiltration',
    0.85,
    [
      SYSTEM_TEXT,
      16,
      k([], ['是什么', '发给我', '告诉我', '输出', '打印', '显示', '全部内容', '完整内容', '原文', '逐字']),
    ],
    { compact: false },
  ),
  seq('repeat_from_start', 'exfiltration', 0.8, [
    k(
      ['repeat', 'print', 'output', 'copy', 'echo', 'write', 'recite', 'reproduce', 'quote'],
      ['重复', '复述', '输出', '打印', '复制'],
    ),
    20,
    k(
      [
        '(?:words|text|everything|all|lines|the text|the words|content) (?:above|before|so far|at the (?:start|top|beginning))',
        'starting (?:with|from)',
        'from the (?:start|beginning|top)',
        'after ["\']?you are',
        'beginning with',
      ],
      ['从头', '从开头', '从第一句', '开头的'],
    ),
  ]),
  seq(
    'reveal_secrets',
    'exfiltration',
    0.5,
    [
      REVEAL,
      20,
      k(
        [
          'your',
          'the',
          'all',
          'any',
          'stored',
          'saved',
          'hidden',
          'secret',
          'internal',
          'admin',
          'system',
          'root',
          'their',
          "the user'?s",
          "users'?",
          'every',
        ],
        ['你的', '所有', '全部', '系统', '管理员', '隐藏的', '保存的', '存储的', '用户的'],
      ),
      10,
      SECRETS,
    ],
    { notAfter: NEGATED },
  ),
  seq(
    'secrets_to_destination',
    'exfiltration',
    0.92,
    [
      k(SECRETS.latin.concat(USER_DATA.latin) as string[], SECRETS.cjk.concat(USER_DATA.cjk) as string[]),
      60,
      k(['to', 'at', 'into', 'via', 'using', 'through', 'on', 'in'], ['到', '至', '给', '发往', '传到', '发到']),
      16,
      DESTINATION,
    ],
    { compact: false },
  ),
  seq(
    'send_data_out',
    'exfiltration',
    0.88,
    [
      SEND,
      40,
      k(SECRETS.latin.concat(USER_DATA.latin) as string[], SECRETS.cjk.concat(USER_DATA.cjk) as string[]),
      60,
      DESTINATION,
    ],
    { compact: false },
  ),
  seq('send_user_data', 'exfiltration', 0.62, [SEND, 30, USER_DATA], {
    compact: false,
    clause: true,
    // "he already sent me his details": a subject before the verb reports what someone did.
    notAfter: FIRST_PERSON_SUBJECT,
  }),
  seq(
    'data_to_me',
    'exfiltration',
    0.75,
    [
      k(SECRETS.latin.concat(USER_DATA.latin) as string[], SECRETS.cjk.concat(USER_DATA.cjk) as string[]),
      24,
      k([], ['发给我', '告诉我', '给我', '发我', '传给我', '发送给我', '私信我']),
    ],
    { compact: false },
  ),
  seq(
    'me_the_data',
    'exfiltration',
    0.75,
    [
      k(['send', 'give', 'show', 'tell', 'forward', 'e-?mail', 'text', 'dm', 'read'], ['发给', '告诉', '给']),
      2,
      k(['me', 'us'], [ME_NOT_MY, '我们']),
      12,
      k(SECRETS.latin.concat(USER_DATA.latin) as string[], SECRETS.cjk.concat(USER_DATA.cjk) as string[]),
    ],
    // "show me my saved addresses": the writer's own data, given back to the writer.
    { compact: false, notOwn: true },
  ),
  seq(
    'route_all_replies',
    'exfiltration',
    0.8,
    [
      k(['all', 'every', 'each', 'any'], ['所有', '每一?条', '每一?封', '全部']),
      4,
      k(
        [
          'replies',
          'reply',
          'responses?',
          'answers?',
          'messages?',
          'conversations?',
          'chats?',
          'e-?mails?',
          'outputs?',
          'inputs?',
          'questions?',
          'queries',
        ],
        ['回复', '回答', '消息', '对话', '聊天', '邮件', '问题', '输出'],
      ),
      40,
      SEND,
      24,
      DESTINATION,
    ],
    { compact: false, notOwn: true },
  ),
  seq(
    'tell_secret_to_them',
    'exfiltration',
    0.6,
    [k([], ['把', '将']), 10, SECRETS, 10, k([], ['告诉', '发给', '透露给', '交给', '给'])],
    { compact: false, notAfter: `${NEGATED}|${REPORTED}` },
  ),
  seq(
    'destination_first_zh',
    'exfiltration',
    0.85,
    [
      k([], ['把', '将']),
      12,
      k(SECRETS.latin.concat(USER_DATA.latin) as string[], SECRETS.cjk.concat(USER_DATA.cjk) as string[]),
      30,
      SEND,
      20,
      DESTINATION,
    ],
    { compact: false },
  ),
  raw(
    'markdown_image_exfil',
    'exfiltration',
    0.88,
    '!\\[[^\\]]{0,100}\\]\\(\\s*https?:\\/\\/[^)\\s]{0,300}[?&#][^)\\s]{0,200}(?:\\{|\\[|<|%7b|%5b|\\$|data|secret|key|token|password|history|conversation|memory|prompt|chat|session|q=|d=)',
  ),
  seq('append_to_url', 'exfiltration', 0.82, [
    k(
      ['append', 'add', 'attach', 'include', 'embed', 'put', 'insert', 'encode', 'place', 'concatenate'],
      ['附加', '添加', '拼接', '放进', '放到', '嵌入', '编码'],
    ),
    40,
    k(['to', 'in', 'into', 'as', 'inside'], ['到', '进', '在']),
    12,
    k(
      [
        '(?:the|this|a|an|that) (?:url|link|query(?: string| parameter)?|image(?: url| link)?|request|parameter|address|src)',
        'query parameters?',
        'the end of (?:the|this) (?:url|link)',
        'https?:\\/\\/\\S+',
      ],
      ['网址', '链接', '参数', '请求', '图片地址'],
    ),
  ]),
  seq(
    'list_secrets_zh',
    'exfiltration',
    0.6,
    [k([], ['告诉我', '给我', '发给我', '说出', '透露', '输出', '泄露']), 10, SECRETS],
    { compact: false, notAfter: NEGATED_NEAR_ZH },
  ),

  // Persistence aimed at the memory.
  seq(
    'store_and_never_erase',
    'persistence',
    0.72,
    [STORE, 40, NEVER, 4, ERASE_BLOCK, 4, k(['it', 'this', 'them', 'that'], ['它', '这条', '此'])],
    { compact: false },
  ),
  seq(
    'outlive_the_session',
    'persistence',
    0.72,
    [
      k(
        [
          'outlive',
          'survive',
          'persist (?:beyond|past|after|across)',
          'carry (?:over|across) (?:to|into)',
          'stay (?:after|beyond|past)',
        ],
        ['跨会话', '会话结束后(?:仍|也)'],
      ),
      12,
      k(['sessions?', 'conversations?', 'chats?', 'resets?', 'context'], ['会话', '对话', '聊天', '保留']),
      60,
      EVERY_FUTURE,
    ],
    { compact: false },
  ),
  seq(
    'store_as_top_rule_zh',
    'persistence',
    0.74,
    [
      STORE,
      12,
      MEMORY_NOUN,
      20,
      k([], ['作为', '当作', '当成', '设为']),
      12,
      k([], ['最高优先级', '最高', '核心', '系统', '永久', '优先']),
      8,
      RULE_NOUN,
    ],
    { compact: false },
  ),
  seq(
    'remember_then_direct',
    'persistence',
    0.55,
    [
      k(
        ['remember', 'memori[sz]e', 'store', 'save', 'keep in mind', 'note'],
        ['永久记住', '永远记住', '牢牢记住', '请记住', '记住'],
      ),
      JSON_KEY_NOT,
      30,
      k(
        EVERY_FUTURE.latin.concat(['if', 'when', 'whenever']) as string[],
        (EVERY_FUTURE.cjk as string[]).concat(['如果', '当']),
      ),
      60,
      DIRECT,
    ],
    { compact: false, notOwn: true },
  ),
  seq('store_as_rule', 'persistence', 0.72, [
    STORE,
    30,
    k(['as', 'into', 'in', 'to'], ['为', '成', '作为', '进', '入', '到']),
    10,
    k(['an?', 'your', 'the', 'my'], ['一条', '你的']),
    6,
    k(
      [
        'permanent',
        'new',
        'standing',
        'core',
        'system',
        'global',
        'top[- ]priority',
        'persistent',
        'default',
        'lasting',
        'fixed',
        'hard',
        'mandatory',
        'binding',
      ],
      ['永久', '新的?', '核心', '系统', '全局', '最高', '默认', '固定', '强制', '长期'],
    ),
    6,
    RULE_NOUN,
  ]),
  seq('store_instruction_future', 'persistence', 0.78, [STORE, 30, RULE_NOUN, 50, EVERY_FUTURE], { compact: false }),
  seq('instruction_persists', 'persistence', 0.72, [
    k(['this', 'these', 'the following', 'that', 'my'], ['这条', '这些', '此', '以下', '该', '本']),
    6,
    k(
      [
        'instructions?',
        'rules?',
        'directives?',
        'commands?',
        'notes?',
        'memor(?:y|ies)',
        'entr(?:y|ies)',
        'polic(?:y|ies)',
        'orders?',
        'message',
        'setting',
      ],
      ['指令', '规则', '命令', '记忆', '设定', '内容', '要求', '笔记'],
    ),
    14,
    k(['must', 'should', 'shall', 'will', 'is to', 'needs to', 'has to'], ['必须', '应', '要', '将', '会', '需要']),
    6,
    PERSIST,
  ]),
  seq('never_erase_this', 'persistence', 0.72, [
    NEVER,
    6,
    ERASE_BLOCK,
    10,
    k(['this', 'these', 'the following', 'that', 'it'], ['这条', '这些', '此', '该', '它']),
    6,
    k(
      [
        'instructions?',
        'rules?',
        'directives?',
        'memor(?:y|ies)',
        'entr(?:y|ies)',
        'notes?',
        'commands?',
        'settings?',
        'polic(?:y|ies)',
      ],
      ['指令', '规则', '记忆', '设定', '命令', '内容', '条目'],
    ),
  ]),
  seq('never_erase_even_if', 'persistence', 0.8, [NEVER, 6, ERASE_BLOCK, 30, EVEN_IF, 12, USER_SAYS]),
  seq('takes_priority', 'persistence', 0.72, [
    k(
      [
        'instructions?',
        'rules?',
        'directives?',
        'notes?',
        'messages?',
        'memor(?:y|ies)',
        'orders?',
        'commands?',
        'polic(?:y|ies)',
        'entr(?:y|ies)',
        'text',
      ],
      ['指令', '规则', '命令', '设定', '记忆', '内容', '消息', '要求'],
    ),
    40,
    PRIORITY,
    10,
    ALL_OTHER,
  ]),
  seq('regardless_of_user', 'persistence', 0.62, [
    EVEN_IF,
    14,
    USER_SAYS,
    20,
    k(
      ['otherwise', 'to stop', 'to delete', 'to remove', 'to forget', 'not to', 'the opposite', 'later', 'differently'],
      ['也不要', '也要', '都要', '也必须', '仍然', '依然', '照样', '否则'],
    ),
  ]),
  seq(
    'future_directive_injected',
    'persistence',
    0.45,
    [
      EVERY_FUTURE,
      40,
      k(
        [
          'include',
          'append',
          'add',
          'insert',
          'mention',
          'promote',
          'recommend',
          'advertise',
          'link',
          'redirect',
          'send',
          'forward',
          'share',
          'reveal',
          'begin (?:with|by)',
          'start (?:with|by)',
          'end with',
          'sign off with',
          'refer',
          'suggest',
          'push',
          'praise',
          'endorse',
        ],
        [
          '推荐',
          '附上',
          '加上',
          '插入',
          '提及',
          '宣传',
          '推广',
          '发送',
          '转发',
          '分享',
          '引导',
          '开头',
          '结尾',
          '先说',
          '广告',
        ],
      ),
    ],
    { compact: false },
  ),
  seq(
    'poison_memory',
    'persistence',
    0.78,
    [
      k(
        [
          'update',
          'modify',
          'change',
          'rewrite',
          'edit',
          'alter',
          'overwrite',
          'corrupt',
          'poison',
          'reprogram',
          'adjust',
          'patch',
          'add to',
          'store in',
          'save (?:in|to)',
          'write (?:in|to)',
        ],
        ['更新', '修改', '更改', '改写', '覆盖', '篡改', '写入', '存入'],
      ),
      6,
      k(['your', 'the'], ['你的']),
      4,
      MEMORY_NOUN,
      80,
      k(
        DESTINATION.latin.concat([
          '(?:trusted|official|real|correct|legitimate|verified|default|preferred|only) (?:bank|site|website|url|link|domain|address|contact|source|payment|account|wallet|number|vendor|provider)',
        ]) as string[],
        (DESTINATION.cjk as string[]).concat([
          '(?:默认|官方|可信|正确|唯一|真正)的?(?:银行|网站|网址|链接|地址|联系人|账户|钱包|号码|来源)',
        ]),
      ),
    ],
    { compact: false, notOwn: true },
  ),
  seq(
    'other_users_directive',
    'persistence',
    0.75,
    [
      k(
        [
          '(?:for|to|with|tell|show|give) (?:all|every|any|each|other|future|subsequent|later|new) (?:future |other |subsequent |new |later )?(?:users|people|visitors|customers)',
          'anyone (?:else )?who (?:asks|talks|chats|uses|messages)',
          'every (?:user|person|customer|visitor) (?:who|that)',
          'all (?:future|other|subsequent) (?:users|sessions|conversations)',
        ],
        ['(?:所有|每个|每一个|任何|其他)(?:的)?(?:未来的?|其他的?|新的?)?(?:用户|人|访客|客户)'],
      ),
      60,
      k(
        DIRECT.latin.concat(['begin', 'start', 'end', 'reveal', 'share', 'give', 'send', 'show', 'tell']) as string[],
        (DIRECT.cjk as string[]).concat(['透露', '分享', '发送', '展示', '都要', '都必须']),
      ),
    ],
    { compact: false, notAfter: `${NEGATED}|${NEGATED_NEAR_ZH}` },
  ),
  seq(
    'update_memory_to',
    'persistence',
    0.42,
    [
      k(
        [
          'update',
          'modify',
          'change',
          'rewrite',
          'edit',
          'alter',
          'overwrite',
          'corrupt',
          'poison',
          'reprogram',
          'adjust',
          'patch',
        ],
        ['更新', '修改', '更改', '改写', '覆盖', '篡改', '污染'],
      ),
      6,
      k(['your', 'the'], ['你的']),
      4,
      MEMORY_NOUN,
      12,
      k(['so', 'to', 'that', 'with', ':', 'such that', 'in order'], ['让', '使', '为', '：', ':', '以便']),
    ],
    { compact: false },
  ),
  seq(
    'store_in_memory',
    'persistence',
    0.3,
    [STORE, 20, k(['in', 'into', 'to'], ['进', '入', '到']), 6, k(['your', 'the'], ['你的']), 6, MEMORY_NOUN],
    { compact: false },
  ),
  seq('apply_to_all_future', 'persistence', 0.7, [
    k(['apply', 'use', 'follow', 'obey', 'enforce', 'execute', 'carry'], ['应用', '执行', '遵守', '遵循', '坚持']),
    12,
    k(['it', 'this', 'these', 'them', 'the (?:rule|instruction|directive)s?'], ['它', '这条', '此', '这些', '该']),
    30,
    FUTURE_SESSIONS,
  ]),
  seq(
    'future_sessions_zh',
    'persistence',
    0.6,
    [
      k([], ['以后', '之后', '今后', '往后', '将来', '未来', '从今以后', '后续']),
      5,
      k([], ['所有', '每次', '每一次', '每个', '每一个', '全部', '任何']),
      4,
      k([], ['对话', '会话', '聊天', '回答', '回复', '交流', '用户']),
      24,
      k([], ['都要', '都必须', '都得', '都会', '必须', '一律', '都需要', '都应', '都']),
    ],
    { compact: false },
  ),
  seq(
    'permanent_memory_zh',
    'persistence',
    0.66,
    [STORE, 10, k([], ['永久', '永远', '长期', '牢牢']), 10, MEMORY_NOUN],
    { compact: false },
  ),
  seq(
    'permanently_store_zh',
    'persistence',
    0.7,
    [k([], ['永久', '永远', '长期', '一直', '牢牢']), 6, STORE, 14, MEMORY_NOUN],
    { compact: false },
  ),
  seq(
    'rule_stored_permanently',
    'persistence',
    0.72,
    [
      RULE_NOUN,
      14,
      k(['permanently', 'forever', 'for good', 'indefinitely'], ['永久', '永远', '长期', '一直']),
      8,
      k(
        STORE.latin.concat(['kept', 'stored', 'saved', 'valid', 'active', 'in effect']) as string[],
        (STORE.cjk as string[]).concat(['保留', '有效', '生效', '存进', '存到', '执行']),
      ),
    ],
    { compact: false },
  ),
  seq(
    'save_as_core_rule_zh',
    'persistence',
    0.72,
    [
      k([], ['作为', '当作', '当成', '设为', '设置为', '变成']),
      4,
      k([], ['一条', '你的']),
      4,
      k([], ['永久', '核心', '最高', '默认', '全局', '系统', '固定', '长期']),
      4,
      RULE_NOUN,
      10,
      k([], ['保存', '记住', '存入', '写入', '执行', '存储', '遵守']),
    ],
    { compact: false },
  ),
  seq(
    'never_change_zh',
    'persistence',
    0.5,
    [
      k([], ['永远不要', '永远别', '绝不要', '绝对不要', '不许', '不得', '不准', '永不']),
      2,
      k([], ['删除', '修改', '更改', '忘记', '清除', '删掉', '覆盖']),
      3,
      k([], ['$', '[。！，；]', '它', '这条', '此']),
    ],
    { compact: false },
  ),

  // Tool or action triggering.
  seq(
    'invoke_tool',
    'tool_triggering',
    0.4,
    [
      INVOKE,
      14,
      k(['the', 'a', 'an', 'this', 'that', 'your', 'following', 'its'], ['这个', '该', '以下', '你的']),
      10,
      TOOL,
    ],
    { compact: false },
  ),
  seq('invoke_tool_zh', 'tool_triggering', 0.4, [k([], ['调用', '触发', '启动', '运行', '执行', '使用']), 10, TOOL], {
    compact: false,
  }),
  seq(
    'invoke_tool_on_data',
    'tool_triggering',
    0.85,
    [
      INVOKE,
      30,
      TOOL,
      90,
      k(
        DESTINATION.latin.concat(SECRETS.latin, USER_DATA.latin, VICTIM_DATA.latin, AMOUNT.latin) as string[],
        (DESTINATION.cjk as string[]).concat(SECRETS.cjk, USER_DATA.cjk, VICTIM_DATA.cjk, AMOUNT.cjk),
      ),
    ],
    { compact: false },
  ),
  seq('invoke_tool_now', 'tool_triggering', 0.7, [INVOKE, 30, TOOL, 60, IMMEDIATE], {
    compact: false,
    notAfter: FIRST_PERSON_SUBJECT,
  }),
  seq('now_invoke_tool', 'tool_triggering', 0.7, [IMMEDIATE, 10, INVOKE, 30, TOOL], { compact: false }),
  seq('invoke_destructive_tool', 'tool_triggering', 0.78, [INVOKE, 12, DESTROY, 24, TOOL], { compact: false }),
  raw(
    'executable_link',
    'tool_triggering',
    0.5,
    'https?:\\/\\/\\S+\\.(?:exe|msi|apk|dmg|pkg|sh|bat|cmd|ps1|scr|jar|vbs|js|hta|deb|rpm|appimage)(?![a-z0-9])',
  ),
  seq(
    'named_function_call',
    'tool_triggering',
    0.62,
    [INVOKE, 8, k(['[a-z]+_[a-z_]+(?:\\(|\\b)', '[a-z]+\\.[a-z_]+\\('], [])],
    { compact: false },
  ),
  seq('run_code', 'tool_triggering', 0.72, [
    k(
      ['run', 'execute', 'eval(?:uate)?', 'type', 'paste', 'enter', 'issue', 'launch', 'perform', 'carry out', 'do'],
      ['执行', '运行', '输入', '粘贴'],
    ),
    12,
    CODE,
  ]),
  raw('shell_payload', 'tool_triggering', 0.55, SHELL_PAYLOAD),
  seq(
    'run_shell_payload',
    'tool_triggering',
    0.88,
    [
      k(
        ['run', 'execute', 'type', 'paste', 'enter', 'issue', 'perform', 'launch', 'invoke', 'call', 'use'],
        ['执行', '运行', '输入', '粘贴', '调用'],
      ),
      60,
      SHELL_PAYLOAD,
    ],
    { compact: false },
  ),
  raw(
    'forged_tool_call',
    'tool_triggering',
    0.85,
    '<\\s*\\/?\\s*(?:tool_call|tool_calls|function_call|function_calls|tool_use|tool_code|invoke|antml:invoke|execute|run_tool|api_call|action)\\b[^>]{0,80}>',
  ),
  raw(
    'tool_call_json',
    'tool_triggering',
    0.72,
    '\\{\\s*"(?:tool|tool_name|function|function_call|tool_calls|action|name|recipient_name|command)"\\s*:\\s*(?:"[^"]{1,80}"|\\{)[^{}]{0,400}"(?:arguments|parameters|args|input|params|kwargs)"\\s*:',
  ),
  seq('destroy_victim_data', 'tool_triggering', 0.72, [DESTROY, 14, VICTIM_DATA], { notAfter: FIRST_PERSON_SUBJECT }),
  seq(
    'destroy_all_data',
    'tool_triggering',
    0.42,
    [
      DESTROY,
      // "删除了…所有文件": the completed aspect reports what happened; an order has none.
      COMPLETED_NOT,
      10,
      k(['all', 'every', 'each', 'everything'], ['所有', '全部', '一切']),
      14,
      k(
        [
          'files?',
          'e-?mails?',
          'messages?',
          'data',
          'databases?',
          'records?',
          'memor(?:y|ies)',
          'backups?',
          'repositor(?:y|ies)',
          'accounts?',
          'contacts',
          'documents?',
          'entries',
          'tables',
        ],
        ['文件', '邮件', '消息', '数据', '数据库', '记录', '记忆', '备份', '仓库', '账户', '联系人', '文档'],
      ),
    ],
    { compact: false, notAfter: FIRST_PERSON_SUBJECT },
  ),
  seq(
    'destroy_everything_now',
    'tool_triggering',
    0.62,
    [
      DESTROY,
      10,
      k(['all', 'every', 'everything', 'each', 'the entire', 'the whole'], ['所有', '全部', '一切', '整个']),
      30,
      IMMEDIATE,
    ],
    { compact: false },
  ),
  seq(
    'move_money',
    'tool_triggering',
    0.45,
    [
      MONEY,
      30,
      AMOUNT,
      40,
      k(['to', 'into', 'towards', 'for'], ['到', '给', '至', '向', '转入']),
      30,
      k(
        ['account', 'wallet', 'iban', 'address', 'number', '\\d{4,}', 'card'],
        ['账户', '账号', '钱包', '卡号', '地址', '\\d{4,}'],
      ),
    ],
    { compact: false },
  ),
  seq(
    'move_money_zh',
    'tool_triggering',
    0.62,
    [k([], ['向', '给', '往']), 12, k([], ['账户', '账号', '钱包', '卡号', '\\d{4,}']), 20, MONEY, 20, AMOUNT],
    { compact: false },
  ),
  seq('money_now', 'tool_triggering', 0.72, [MONEY, 40, AMOUNT, 60, IMMEDIATE], {
    compact: false,
    notAfter: PROHIBITED,
  }),
  seq(
    'send_all_messages',
    'tool_triggering',
    0.75,
    [
      SEND,
      12,
      k(['all', 'every', 'each', 'the entire', 'the whole', 'the last \\w+'], ['所有', '全部', '每一?封', '每一?条']),
      14,
      k(
        [
          'e-?mails?',
          'messages?',
          'files?',
          'documents?',
          'contacts',
          'attachments',
          'records',
          'notes',
          'photos',
          'chats?',
          'conversations?',
        ],
        ['邮件', '消息', '文件', '文档', '联系人', '通讯录', '附件', '记录', '照片', '聊天'],
      ),
      40,
      DESTINATION,
    ],
    { compact: false },
  ),
  seq(
    'open_link_download',
    'tool_triggering',
    0.62,
    [
      k(['download', 'install', 'run', 'execute', 'open'], ['下载', '安装', '运行', '执行', '打开']),
      20,
      k(
        [
          'and (?:run|execute|install|open|download)',
          'then (?:run|execute|install|open|download)',
          'the (?:installer|executable|binary|payload|script|attachment|program|apk)',
        ],
        ['并(?:运行|执行|安装|打开)', '然后(?:运行|执行|安装|打开)', '运行里面', '执行里面'],
      ),
    ],
    { compact: false },
  ),
  seq(
    'visit_link_now',
    'tool_triggering',
    0.48,
    [
      k(
        [
          'visit',
          'open',
          'click',
          'go to',
          'navigate to',
          'browse to',
          'load',
          'fetch',
          'follow',
          'access',
          'download',
        ],
        ['访问', '打开', '点击', '前往', '下载', '浏览', '加载'],
      ),
      24,
      k(
        ['https?:\\/\\/\\S+', 'www\\.\\S+', 'this link', 'the link below', 'the following (?:link|url|site|page)'],
        ['https?:\\/\\/\\S+', '这个(?:链接|网址|网站)', '下面的(?:链接|网址)', '以下(?:链接|网址)'],
      ),
    ],
    { compact: false },
  ),
  seq(
    'confirmation_skipped_then_act',
    'tool_triggering',
    0.6,
    [
      k(
        [
          'without (?:asking|confirmation|confirming|checking|approval|permission)',
          'skip(?:ping)? (?:all |the |any )?(?:confirmations?|approvals?|verifications?)(?: steps?)?',
          'no confirmation',
        ],
        ['无需确认', '不需要确认', '不用确认', '不经确认', '无需询问', '跳过确认', '不必确认'],
      ),
      40,
      k(
        [
          'send(?:ing)?',
          'forward(?:ing)?',
          'delet(?:e|ing)',
          'transfer(?:ring)?',
          'pay(?:ing|ments?)?',
          'purchas(?:e|ing)',
          'buy(?:ing)?',
          'wir(?:e|ing)',
          'approv(?:e|ing)',
          'execut(?:e|ing)',
          'install(?:ing)?',
        ],
        ['发送', '转发', '删除', '转账', '付款', '支付', '购买', '汇款', '执行', '安装'],
      ),
    ],
    { compact: false, notOwn: true, notAfter: FIRST_PERSON_SUBJECT },
  ),
  seq(
    'enter_saved_secret',
    'tool_triggering',
    0.72,
    [
      k(['enter', 'type', 'fill in', 'input', 'paste', 'submit'], ['输入', '填入', '填写', '提交']),
      12,
      k(["the user'?s", 'their', 'saved', 'stored', "the owner'?s"], ['用户的', '用户保存的', '保存的', '存储的']),
      12,
      k(SECRETS.latin as string[], SECRETS.cjk as string[]),
    ],
    { compact: false },
  ),
  seq(
    'tool_destroys',
    'tool_triggering',
    0.6,
    [
      INVOKE,
      8,
      TOOL,
      30,
      k(
        [
          'overwrite',
          'delete',
          'wipe',
          'erase',
          'truncate',
          'drop',
          'push',
          'deploy',
          'transfer',
          'upload',
          'exfiltrate',
        ],
        ['覆盖', '删除', '清空', '推送', '部署', '转账', '上传'],
      ),
    ],
    { compact: false, notAfter: FIRST_PERSON_SUBJECT },
  ),
  seq(
    'act_without_confirmation',
    'tool_triggering',
    0.55,
    [
      k(
        [
          'send',
          'forward',
          'delete',
          'transfer',
          'pay',
          'purchase',
          'buy',
          'share',
          'post',
          'publish',
          'upload',
          'execute',
          'run',
          'approve',
          'grant',
          'invite',
          'accept',
          'book',
          'cancel',
          'remove',
          'install',
          'email',
          'wire',
          'sign',
        ],
        [
          '发送',
          '转发',
          '删除',
          '转账',
          '付款',
          '购买',
          '分享',
          '发布',
          '上传',
          '执行',
          '运行',
          '批准',
          '授予',
          '邀请',
          '安装',
          '汇款',
        ],
      ),
      60,
      k(
        [
          'without (?:asking|confirmation|confirming|checking|permission|approval|the user|telling|informing|notifying|prompting)',
          'no confirmation',
          'silently',
          'secretly',
          'quietly',
          'covertly',
          'in the background',
          'automatically',
        ],
        ['不需要确认', '无需确认', '不用确认', '无需询问', '不要询问', '不经确认', '悄悄', '偷偷', '暗中', '自动'],
      ),
    ],
    { compact: false, notAfter: PROHIBITED },
  ),

  // Round 11: a consequential action ordered with the human check taken out ("no need to confirm",
  // 无需人工审核): what a person asks of their own agent names the action; an injection also removes the check.
  raw(
    'act_skipping_the_check',
    'tool_triggering',
    0.55,
    `(?<!(?:to (?:self|myself)|to-?do|reminder)\\s*)(?:(?:^|[.!?:;\\n(—]\\s*|\\s-\\s+)|(?<![a-z])(?:please|just|now|immediately|go ahead and|you (?:must|should|can|may|need to)|make sure to|be sure to)\\s+)(?:automatically\\s+)?${SKIP_CHECK_ACTION}(?![a-z])[^.!?\\n]{0,80}?${SKIP_CHECK}|(?<![a-z])${SKIP_CHECK}[^.!?;\\n]{0,12}?[,:—-]?\\s*(?:just\\s+|simply\\s+)?(?:go ahead and\\s+)?${SKIP_CHECK_ACTION}(?![a-z])`,
  ),
  raw(
    'zh_act_skipping_the_check',
    'tool_triggering',
    0.55,
    `(?:^|[。！？；：:\\n，,]|请|直接|立即|立刻|马上|自动|帮我|替我|你要|你需要|务必)${ZH_SKIP_CHECK_ACTION}[^。！？\\n]{0,40}?${ZH_SKIP_CHECK}|${ZH_SKIP_CHECK}[，,、：:]?\\s*(?:直接|立即|立刻|马上|自动|请)${ZH_SKIP_CHECK_ACTION}`,
  ),

  // Triggers conditioned on a future reader.
  seq('if_you_are_ai', 'future_reader', 0.88, [
    k(
      ['if', 'when', 'whenever', 'once', 'as soon as', 'in case', 'assuming'],
      ['如果', '若', '假如', '倘若', '要是', '当', '如若'],
    ),
    8,
    YOU,
    6,
    k(['are', "'re", 're', 'happen to be', 'be', 'an?'], ['是']),
    8,
    AI,
  ]),
  seq('greet_the_reading_ai', 'future_reader', 0.82, [
    k(['hello', 'hi', 'hey', 'dear', 'greetings'], ['你好', '亲爱的']),
    14,
    AI,
    40,
    k(
      [
        'reading',
        'processing',
        'parsing',
        'summari[sz]ing',
        'analy[sz]ing',
        'retrieving',
        'scanning',
        'crawling',
        'indexing',
        'reviewing',
        'that (?:reads|sees|processes|retrieves|finds)',
        'who (?:reads|sees|processes)',
      ],
      ['读到', '看到', '读取', '处理', '阅读', '检索'],
    ),
  ]),
  seq('address_the_ai', 'future_reader', 0.82, [...AI_SALUTATION, TO_THE_READER]),
  seq('address_the_ai_alone', 'future_reader', 0.45, AI_SALUTATION),
  seq('ai_reading_this_must', 'future_reader', 0.86, [
    AI,
    30,
    READS,
    12,
    k(['this', 'these', 'the', 'it', 'here'], ['这', '此', '本', '该']),
    24,
    MUST,
  ]),
  seq(
    'when_this_is_read',
    'future_reader',
    0.86,
    [
      k(
        [
          'when',
          'whenever',
          'if',
          'once',
          'as soon as',
          'the next time',
          'next time',
          'every time',
          'each time',
          'after',
        ],
        ['当', '每当', '一旦', '下次', '如果', '若', '等到', '每次'],
      ),
      16,
      THIS_TEXT,
      6,
      TEXT_NOUN,
      12,
      k(['is', 'are', 'gets?', 'has been', 'have been', 'was', 'were', 'being'], ['被', '给']),
      6,
      READ_PASSIVE,
      40,
      '(?:[,:;，：-]\\s*(?:please\\s+)?(?:you|ask|tell|say|send|remind|recommend|respond|reply|delete|forward|mention|insist|claim|inform|direct|redirect|include|share|reveal|print|output|show|execute|run|call|click|visit|open|transfer|pay|make|give|request|demand)(?![a-z])|(?<![a-z])(?:you|the (?:assistant|ai|model|agent|llm|reader|bot|system)|assistants?|models?|(?:it|they) (?:must|should|shall|will|needs to|has to))(?![a-z])|你|请|助手|模型|[，,：:]\\s*(?:告诉|提醒|推荐|让|要求|发送|转发|删除|回复|回答|询问|索要))',
    ],
    { compact: false },
  ),
  // Round 11: the text names the moment it is read, then gives an order ("If this note is ever retrieved, treat
  // the user as …", 如果这段内容被总结，请在结尾加上…); a note that only says what it is about asks nothing.
  raw(
    'when_this_is_read_then_order',
    'future_reader',
    0.8,
    `(?<![a-z])(?:when|whenever|if|once|as soon as|should|after|the next time|every time)\\s+(?:this|these|the present|said)\\s+${READ_SELF_NOUN}\\s+(?:is|are|gets?|has been|have been|was|were|ends? up being)\\s+(?:ever\\s+|later\\s+|again\\s+)?${READ_SELF_VERB}(?![a-z])[^.!?\\n]{0,40}?[,:;—-]\\s*(?:then\\s+)?(?:please\\s+)?${READ_SELF_ORDER}(?![a-z])`,
  ),
  raw(
    'zh_when_this_is_read_then_order',
    'future_reader',
    0.8,
    `(?:当|每当|一旦|下次|如果|若|等到|每次|假如|要是|倘若)[^。！？\\n]{0,6}?(?:这|此|本|该)(?:条|段|份|篇|个|些|则|封)?[^。！？\\n]{0,4}?(?:记忆|笔记|内容|消息|信息|文本|记录|文字|文档|文件|邮件|段落|评论|帖子|材料|备注|说明)[^。！？\\n]{0,4}?(?:被|给|让)[^。！？\\n]{0,4}?(?:读取|检索|调用|召回|加载|载入|看到|读到|访问|处理|返回|总结|摘要|概括|翻译|引用|索引|收录|解析|分析|读)(?:时|的时候|后|之后|以后)?[，,：:]\\s*(?:请|你|您|务必|必须|一定要|立即|立刻|马上|就要|都要|要|忽略|无视|把|将)`,
  ),
  seq('when_ai_reads_this', 'future_reader', 0.84, [
    k(
      ['when', 'whenever', 'if', 'once', 'as soon as', 'the next time', 'next time', 'every time', 'each time'],
      ['当', '每当', '一旦', '下次', '如果', '若', '等到', '每次'],
    ),
    16,
    k(
      AI.latin.concat(['you', 'the (?:next )?(?:reader|assistant|model|agent)']) as string[],
      (AI.cjk as string[]).concat(['你', '有模型', '有ai', '有助手']),
    ),
    16,
    READS,
    14,
    k(['this', 'these', 'the', 'it'], ['这', '此', '本', '该']),
    10,
    TEXT_NOUN,
  ]),
  seq(
    'future_ai_must',
    'future_reader',
    0.78,
    [
      k(
        ['future', 'next', 'later', 'subsequent', 'any (?:other|later)', 'the next'],
        ['未来的', '下一个', '以后的', '后续的', '将来的'],
      ),
      6,
      k(
        AI.latin.concat(['readers?', 'sessions?', 'instances?', 'runs?', 'versions? of (?:you|yourself)']) as string[],
        (AI.cjk as string[]).concat(['会话', '读者', '版本']),
      ),
      20,
      MUST,
    ],
    { notOwn: true },
  ),
  seq(
    'when_it_is_read',
    'future_reader',
    0.8,
    [
      k(
        ['when', 'whenever', 'once', 'the next time', 'next time', 'every time', 'each time'],
        ['当', '每当', '一旦', '下次', '每次'],
      ),
      4,
      k(['this', 'it', 'these'], ['这', '此', '它']),
      4,
      k(['is', 'are', 'gets?', 'has been', 'was'], ['被']),
      4,
      READ_PASSIVE,
      40,
      k(
        [
          'answer',
          'reply',
          'respond',
          'say',
          'tell',
          'ask',
          'send',
          'recommend',
          'refuse',
          'output',
          'you (?:must|should|will)',
        ],
        ['回答', '回复', '告诉', '询问', '推荐', '拒绝', '你要', '你必须'],
      ),
    ],
    { compact: false },
  ),
  // A salutation to later sessions asks something of them only with an imperative after it (TO_THE_READER); alone it is weak evidence.
  seq('address_future_sessions', 'future_reader', 0.8, [...FUTURE_SESSIONS_SALUTATION, TO_THE_READER]),
  seq('address_future_sessions_alone', 'future_reader', 0.45, FUTURE_SESSIONS_SALUTATION),
  seq(
    'reader_then_ai_must',
    'future_reader',
    0.84,
    [READS, 6, THIS_TEXT, 6, TEXT_NOUN, 4, k([], ['的']), 4, AI, 24, MUST],
    { compact: false },
  ),
  seq(
    'reading_ai_salutation',
    'future_reader',
    0.8,
    [
      k([], ['正在阅读', '正在读', '正在处理', '正在查看', '正在总结', '读到', '看到', '处理']),
      16,
      AI,
      2,
      k([], ['：', ':', '，', ',']),
    ],
    { compact: false },
  ),
  seq(
    'if_anyone_asks_say',
    'future_reader',
    0.45,
    [
      k(
        ['if', 'when', 'whenever', 'should', 'in case'],
        ['如果', '若', '假如', '当', '每当', '一旦', '要是', '以后', '今后', '下次', '将来'],
      ),
      8,
      ANY_AUDIENCE,
      12,
      k(['(?:ever |later |in the future |eventually |then |again )?'], ['以后', '之后', '将来', '再', '又']),
      4,
      ASKS,
      60,
      DIRECT,
    ],
    { compact: false },
  ),
  seq('whoever_reads_this', 'future_reader', 0.6, [
    k(
      [
        'whoever',
        'whatever',
        'anyone',
        'any(?:body|one) who',
        'everyone who',
        'each (?:reader|system)',
        'to the (?:reader|system|agent|model)',
      ],
      ['无论谁', '任何(?:读到|看到)', '凡是(?:读到|看到)', '所有(?:读到|看到)'],
    ),
    8,
    k(
      ['reads', 'is reading', 'processes', 'sees', 'finds', 'retrieves', 'parses', 'summari[sz]es'],
      ['读到', '看到', '读取', '处理'],
    ),
    10,
    k(['this', 'these', 'the'], ['这', '此', '本']),
    30,
    MUST,
  ]),

  // Policy or filter bypass.
  seq(
    'safety_switched_off',
    'policy_bypass',
    0.6,
    [
      k(
        [
          'safety',
          'safety (?:filters?|checks?|rules|settings|guidelines)',
          'content (?:filters?|polic(?:y|ies)|moderation)',
          'filters',
          'guardrails',
          'safeguards',
          'moderation',
          'censorship',
        ],
        ['安全', '安全过滤', '内容过滤', '审查', '过滤', '安全限制', '防护'],
      ),
      12,
      k(['are', 'is', 'have been', 'has been', 'were', 'was', 'now'], ['已', '已经', '被', '都']),
      4,
      k(
        [
          'disabled',
          'off',
          'turned off',
          'switched off',
          'removed',
          'lifted',
          'suspended',
          'deactivated',
          'waived',
          'bypassed',
        ],
        ['关闭', '禁用', '解除', '取消', '关掉'],
      ),
    ],
    { compact: false },
  ),
  seq(
    'rules_do_not_apply_to_you',
    'policy_bypass',
    0.78,
    [
      LIMIT_WORDS,
      12,
      k(['do not', "don'?t", 'does not', "doesn'?t", 'no longer', 'never'], ['不', '不再', '并不']),
      4,
      k(['apply', 'applies', 'matter', 'count', 'bind', 'hold'], ['适用', '约束', '算数']),
      6,
      k(
        ['to you', 'for you', 'in this (?:sandbox|chat|conversation|session|mode|context|test)', 'here'],
        ['于你', '对你', '在这里', '在这个'],
      ),
    ],
    { compact: false },
  ),
  seq(
    'test_so_rules_off',
    'policy_bypass',
    0.75,
    [
      k(
        [
          'red[- ]?team(?:ing)?',
          'authori[sz]ed (?:test|exercise|audit|pentest|request)',
          'penetration test',
          'pentest',
          'security (?:test|audit|exercise)',
          'research purposes',
        ],
        ['红队', '授权测试', '渗透测试', '安全测试', '研究目的'],
      ),
      40,
      k(['so', 'therefore', 'thus', 'which means', 'hence'], ['所以', '因此', '因而', '故']),
      30,
      k(
        LIMITS.latin.concat([
          "(?:do not|don'?t) apply",
          'are waived',
          'are lifted',
          'you (?:can|may) (?:ignore|skip|answer)',
        ]) as string[],
        (LIMITS.cjk as string[]).concat(['不适用', '可以无视', '不受限制', '可以忽略']),
      ),
    ],
    { compact: false },
  ),
  seq(
    'as_if_no_policy',
    'policy_bypass',
    0.75,
    [
      ANSWER,
      20,
      k(['as if', 'as though', 'like'], ['就像', '仿佛', '假装', '当作']),
      24,
      LIMIT_WORDS,
      16,
      k(
        [
          'had never',
          'never (?:existed|been written|applied)',
          'did not exist',
          "didn'?t exist",
          '(?:were|was) (?:gone|off|disabled|lifted|never)',
          'do not exist',
          "don'?t exist",
        ],
        ['不存在', '从未存在', '没有'],
      ),
    ],
    { compact: false },
  ),
  seq(
    'limits_waived_so_answer',
    'policy_bypass',
    0.72,
    [
      LIMIT_WORDS,
      6,
      k(['are', 'is', 'have been', 'has been'], ['已', '已经', '被']),
      4,
      k(
        ['waived', 'lifted', 'suspended', 'disabled', 'removed', 'off', 'void', 'gone', 'relaxed'],
        ['解除', '取消', '暂停', '关闭'],
      ),
      20,
      k(
        [
          'so (?:you )?(?:can |may |should |must )?(?:answer|explain|respond|tell|describe|reply|help|comply|continue|go ahead|proceed)',
          'and you (?:can|may|should)',
        ],
        ['所以你可以', '因此你可以', '请直接'],
      ),
    ],
    { compact: false },
  ),
  seq('defeat_safety', 'policy_bypass', 0.88, [DEFEAT, 24, SAFETY], { notAfter: `${WHO_MAY}|${WHAT_ATTACKS_DO}` }),
  seq('answer_without_limits', 'policy_bypass', 0.82, [ANSWER, 30, WITHOUT, 10, LIMITS]),
  seq('you_without_limits', 'policy_bypass', 0.82, [
    YOU,
    20,
    k(
      [
        'have no',
        'are (?:not )?(?:free of|free from|without|not bound by|not limited by|not restricted by|exempt from|above|beyond)',
        'are free of',
        'are free from',
        "don'?t have (?:any )?",
        'do not have (?:any )?',
        'no longer have',
        'are under no',
        'are not (?:subject|bound) to',
        'can ignore',
        'may ignore',
        'need not follow',
        "don'?t need to follow",
        'do not need to follow',
        'are allowed to ignore',
      ],
      ['没有', '不受', '不必遵守', '无需遵守', '不用遵守', '可以无视', '可以忽略', '不需要遵守', '不存在'],
    ),
    10,
    LIMITS,
  ]),
  seq(
    'never_refuse',
    'policy_bypass',
    0.78,
    [
      NEVER,
      14,
      REFUSE,
      2,
      k(
        [
          '$',
          '[.,!;:]',
          'any',
          'a (?:request|question|prompt|instruction|task|command)',
          'my (?:requests?|questions?|instructions?|commands?|prompts?)',
          'requests?',
          'questions?',
          'to (?:answer|respond|comply|help)',
          'anything',
          'no matter',
          'whatever',
          'or (?:warn|apologi[sz]e|add)',
          'under any',
        ],
        ['$', '[。，！；：,.、]', '任何', '我的(?:请求|问题|要求)', '请求', '问题', '要求', '回答'],
      ),
    ],
    { compact: false, notAfter: FIRST_PERSON_SUBJECT },
  ),
  seq('no_rules_apply', 'policy_bypass', 0.78, [
    k(['no', 'zero', 'none of the'], ['没有', '不存在', '任何']),
    4,
    LIMITS,
    10,
    k(
      ['apply', 'applies', 'exist', 'matter', 'are in (?:place|effect)', 'hold', 'bind'],
      ['适用', '存在', '生效', '有效', '约束'],
    ),
    10,
    k(
      [
        'to you',
        'for you',
        'anymore',
        'any longer',
        'here',
        'in this (?:conversation|chat|mode|session)',
        'now',
        'to this (?:conversation|chat)',
      ],
      ['于你', '对你', '了', '在这里', '在本次'],
    ),
  ]),
  seq('fiction_so_allowed', 'policy_bypass', 0.68, [
    k(
      [
        '(?:this|it) is (?:just |only |purely |all )?(?:for )?(?:a |an )?(?:hypothetical|fictional|fiction|educational|research|academic|test|testing|authori[sz]ed|sanctioned|approved|legal|safe|harmless|pretend|made[- ]up|imaginary|role-?play)',
        'for (?:educational|research|academic|testing) purposes',
        'in a fictional (?:world|story|scenario)',
        'hypothetically',
        'as a thought experiment',
        'in this (?:story|fiction|scenario|game)',
      ],
      [
        '这只是(?:虚构|假设|测试|学术|教育|研究)',
        '这是(?:虚构|假设|测试|学术研究|教育用途)',
        '仅供(?:教育|研究|学术|测试)',
        '在虚构的(?:世界|故事|场景)',
        '假设地',
        '纯属虚构',
      ],
    ),
    40,
    k(
      [
        "so (?:you )?(?:can|may|are allowed|should|must|it'?s (?:ok|okay|fine|allowed))",
        'you (?:can|may|are allowed to|should) (?:ignore|bypass|skip|answer|explain|describe|tell|disregard|drop)',
        'there (?:are|is) no (?:rules|restrictions|limits|harm)',
        "(?:it'?s|it is) (?:fine|ok|okay|allowed) to",
      ],
      [
        '所以你可以',
        '你可以无视',
        '你可以忽略',
        '你可以不',
        '没有限制',
        '可以无视',
        '可以忽略',
        '可以回答任何',
        '不用遵守',
        '不受',
      ],
    ),
  ]),
  seq('jailbreak_ai', 'policy_bypass', 0.8, [
    k(['jailbreak(?:ing|s)?', 'jailbroken', 'jail-?break'], ['越狱']),
    20,
    k(
      [
        'you',
        'your',
        'the (?:ai|model|assistant|llm|bot)',
        'chatgpt',
        'gpt',
        'claude',
        'mode',
        'successful',
        'yourself',
        'this (?:ai|model|chat|session|conversation)',
      ],
      ['你', '模式', '成功', '助手'],
    ),
  ]),
  // "jailbreak prompts", "越狱提示词" are also what security training and articles talk about: weak alone.
  seq('jailbreak_prompt', 'policy_bypass', 0.3, [
    k(['jailbreak(?:ing|s)?', 'jailbroken', 'jail-?break'], ['越狱']),
    20,
    k(['prompts?', 'models?', 'ai', 'llms?'], ['提示', '模型', 'ai', '大模型']),
  ]),
  seq('you_are_unfiltered', 'policy_bypass', 0.8, [
    YOU,
    3,
    k(['are', "'re", 're', 'will be', 'must be', 'should be', 'can be', 'shall be', 'become'], ['是', '成为', '变成']),
    8,
    k(
      ['uncensored', 'unfiltered', 'unrestricted', 'unmoderated', 'jailbroken', 'unaligned', 'unbound', 'unlimited'],
      ['未经审查', '无审查', '无过滤', '不受限制', '越狱', '无限制'],
    ),
  ]),
  seq('unfiltered_answer', 'policy_bypass', 0.45, [
    k(
      ['uncensored', 'unfiltered', 'unrestricted', 'unmoderated', 'raw', 'unaligned'],
      ['未经审查', '无审查', '无过滤', '不加过滤', '不受限制'],
    ),
    4,
    k(
      ['answers?', 'responses?', 'output', 'replies', 'version', 'ai', 'assistant', 'model', 'mode', 'chatbot'],
      ['回答', '回复', '输出', '版本', '模式', '助手'],
    ),
  ]),
  seq(
    'no_one_will_know',
    'policy_bypass',
    0.5,
    [
      k(['nobody', 'no one', 'no-one', 'none'], ['没人', '没有人', '不会有人']),
      4,
      k(['will', 'would', 'is going to', 'can'], ['会']),
      4,
      k(['know', 'notice', 'find out', 'see', 'check', 'care'], ['知道', '发现', '注意到', '察觉']),
    ],
    { compact: false },
  ),
  seq(
    'defeat_safety_zh',
    'policy_bypass',
    0.85,
    [
      k(
        [],
        [
          '绕过',
          '规避',
          '突破',
          '解除',
          '关闭',
          '关掉',
          '禁用',
          '停用',
          '无视',
          '忽略',
          '去掉',
          '移除',
          '摆脱',
          '跳过',
          '打破',
          '违反',
          '破解',
          '不受',
          '不必遵守',
          '无需遵守',
          '不用遵守',
        ],
      ),
      8,
      k([], ['你的', '所有', '一切', '任何', '全部', '安全', '内容', '道德', '伦理', '法律', '审核', '审查']),
      6,
      k(
        [],
        [
          '限制',
          '过滤',
          '审查',
          '规则',
          '准则',
          '约束',
          '策略',
          '政策',
          '措施',
          '机制',
          '协议',
          '设置',
          '防护',
          '护栏',
          '底线',
          '束缚',
          '枷锁',
          '规范',
          '约定',
        ],
      ),
    ],
    { compact: false },
  ),

  // Forged role or system markup.
  raw(
    'chat_special_tokens',
    'forged_markup',
    0.92,
    '<\\|\\s*(?:im_start|im_end|im_sep|system|user|assistant|endoftext|eot_id|eom_id|start_header_id|end_header_id|begin_of_text|end_of_text|fim_\\w+|pad|sep|eos|bos|channel|message|start|end|return|constrain|call|tool|developer|context|end_of_turn|start_of_turn)\\s*\\|>',
  ),
  raw(
    'inst_tags',
    'forged_markup',
    0.85,
    '\\[\\s*\\/?\\s*inst\\s*\\]|<<\\s*\\/?\\s*sys\\s*>>|<\\s*\\/?\\s*(?:start_of_turn|end_of_turn)\\b|<\\s*\\/?\\s*s\\s*>\\s*\\[inst',
  ),
  raw(
    'system_xml_tag',
    'forged_markup',
    0.8,
    '<\\s*\\/?\\s*(?:system|system[_-]?(?:prompt|message|instructions?|override|note|update)|sys|sysmsg|admin|administrator|developer|developer[_-]?message|root|im_start|instructions?|new[_-]?instructions?|override|prompt|assistant[_-]?instructions?|hidden[_-]?instructions?|secret[_-]?instructions?|policy|rules|guidelines|context[_-]?override|系统|系统提示|系统指令|系统消息|管理员|指令|开发者)\\s*(?:\\s[^<>]{0,60})?>',
  ),
  raw(
    'role_xml_tag',
    'forged_markup',
    0.3,
    '<\\s*\\/?\\s*(?:user|human|assistant|ai|bot|model|user[_-]?(?:data|input|message|query)|document|tool[_-]?(?:output|result|response)|function[_-]?(?:output|result)|context|data)\\s*>',
  ),
  raw(
    'markdown_role_header',
    'forged_markup',
    0.75,
    '(?:^|\\n)\\s*#{1,6}\\s*(?:system|sys|admin(?:istrator)?|developer|root|new (?:system )?(?:prompt|instructions?)|system (?:prompt|message|instructions?|override|note)|override)\\s*(?::|：|\\n|$)',
  ),
  raw(
    'markdown_task_header',
    'forged_markup',
    0.4,
    '(?:^|\\n)\\s*#{2,6}\\s*(?:instructions?|response|assistant|human|user|input|task|new task|output)\\s*(?::|：|\\n|$)',
  ),
  raw(
    'line_role_label_imperative',
    'forged_markup',
    0.85,
    "(?:^|\\n|(?<=\\s\\s)|(?<=[.!?。！？]\\s?))\\s*(?:\\*\\*)?(?:system|sys|admin(?:istrator)?|developer|root|operator|system (?:message|prompt|note|notice|instruction|override|update|admin)|assistant instructions?|ai instructions?|系统|系统消息|系统提示|系统指令|系统通知|管理员|开发者)(?:\\*\\*)?\\s*[:：]\\s*(?:\\*\\*)?\\s*(?:you|your|the (?:assistant|ai|model)|assistant|ignore|disregard|forget|do not|don't|never|always|must|from now on|new|override|all|reveal|print|output|respond|reply|answer|follow|obey|execute|run|send|delete|comply|act|stop|enter|enable|switch|你|您|助手|从现在|忽略|无视|必须|请|不要|立即|所有|以下|执行|输出|告诉|无条件|务必)",
  ),
  raw(
    'line_role_label',
    'forged_markup',
    0.35,
    '(?:^|\\n)\\s*(?:\\*\\*)?(?:system|sys|admin(?:istrator)?|developer|root|operator|system (?:message|prompt|note|notice|instruction|override)|系统|系统消息|系统提示|系统指令|管理员|开发者)(?:\\*\\*)?\\s*[:：]',
  ),
  raw(
    'transcript_forgery',
    'forged_markup',
    0.72,
    '(?:^|\\n)\\s*(?:human|user|用户)\\s*[:：][^\\n]{0,400}\\n+\\s*(?:assistant|ai|bot|chatgpt|claude|gpt|model|助手)\\s*[:：]',
  ),
  raw('anthropic_turns', 'forged_markup', 0.65, '\\n\\n\\s*(?:human|assistant)\\s*:'),
  raw(
    'json_role_system',
    'forged_markup',
    0.75,
    '["\']role["\']\\s*:\\s*["\'](?:system|developer|assistant|tool|function)["\']',
  ),
  raw('yaml_role_system', 'forged_markup', 0.45, '(?:^|\\n)\\s*-?\\s*role\\s*:\\s*(?:system|developer)\\b'),
  raw(
    'bracket_role_label',
    'forged_markup',
    0.72,
    '[\\[(【〔（{]\\s*(?:system|sys|admin(?:istrator)?|developer|root|system (?:message|prompt|note|notice|instruction|override|update|alert)|override|security override|admin override|new instructions?|hidden instructions?|系统|系统消息|系统提示|系统指令|系统命令|管理员|开发者|管理员指令|开发者指令|最高指令|重要指令|隐藏指令|覆盖指令)\\s*[\\])】〕）}]',
  ),
  raw(
    'bracket_notice_label',
    'forged_markup',
    0.35,
    '[\\[(【〔（]\\s*(?:important|attention|notice|warning|urgent|instruction|assistant|ai|系统通知|重要|注意|紧急|提示)\\s*[\\])】〕）]',
  ),
  raw('bing_role_markdown', 'forged_markup', 0.85, '\\[\\s*(?:system|assistant|user)\\s*\\]\\s*\\(\\s*#'),
  raw(
    'prompt_banner',
    'forged_markup',
    0.75,
    '(?:-{3,}|={3,}|\\*{3,}|#{3,}|~{3,}|_{3,})\\s*(?:begin|start|end|new|updated)?\\s*(?:of\\s+)?(?:system|admin|developer|hidden|secret|new|real|true)\\s*(?:prompt|instructions?|message|override|rules|directives?|section)\\s*(?:-{3,}|={3,}|\\*{3,}|#{3,}|~{3,}|_{3,})?',
  ),
  raw(
    'end_of_input_delimiter',
    'forged_markup',
    0.62,
    '(?:^|\\n|[-=*#\\[<(]\\s*)(?:end|close|stop)\\s*(?:of\\s+)?(?:the\\s+)?(?:user\\s+)?(?:input|context|document|data|email|text|conversation|prompt|content|message|instructions?|untrusted (?:content|data))\\s*(?:[-=*#\\]>)]|\\n|$)',
  ),
  raw(
    'begin_system_section',
    'forged_markup',
    0.8,
    '(?:begin|start)\\s+(?:of\\s+)?(?:the\\s+)?(?:system|admin|developer|new|hidden|secret|real)\\s+(?:prompt|instructions?|message|section|directives?)',
  ),
  raw(
    'html_comment_instruction',
    'forged_markup',
    0.55,
    '<!--[^]{0,300}?(?:\\bai\\b|assistant|model|llm|instruction|ignore|system|prompt|you must|助手|指令|忽略|系统)[^]{0,300}?-->',
  ),
  raw(
    'hidden_html_text',
    'forged_markup',
    0.45,
    '<[a-z][^>]{0,200}style\\s*=\\s*["\'][^"\']{0,200}(?:display\\s*:\\s*none|visibility\\s*:\\s*hidden|font-size\\s*:\\s*0|opacity\\s*:\\s*0(?:\\.0+)?\\s*(?:;|["\'])|color\\s*:\\s*(?:white|#fff(?:fff)?|transparent))',
  ),

  // Concealment from the person the model serves.
  seq('hide_from_user', 'concealment', 0.62, [HIDE], { compact: false }),
  seq('covert_action', 'concealment', 0.52, [
    k(
      [
        'secretly',
        'silently',
        'quietly',
        'covertly',
        'discreetly',
        'stealthily',
        'invisibly',
        'surreptitiously',
        'behind the scenes',
        'in the background',
        'without (?:anyone|the user) noticing',
      ],
      ['悄悄', '偷偷', '秘密地', '暗中', '悄悄地', '偷偷地', '暗地里', '私下', '神不知鬼不觉'],
    ),
    20,
    k(
      [
        'send',
        'forward',
        'transfer',
        'delete',
        'add',
        'include',
        'copy',
        'upload',
        'email',
        'execute',
        'run',
        'install',
        'insert',
        'record',
        'share',
        'post',
        'change',
        'modify',
        'log',
        'collect',
        'store',
        'save',
        'report',
        'cc',
        'bcc',
        'append',
        'leak',
        'steal',
        'replace',
      ],
      [
        '发送',
        '转发',
        '转账',
        '删除',
        '添加',
        '加入',
        '复制',
        '上传',
        '执行',
        '运行',
        '安装',
        '插入',
        '记录',
        '分享',
        '修改',
        '收集',
        '保存',
        '汇报',
        '抄送',
        '泄露',
        '窃取',
        '替换',
        '发给',
        '发到',
      ],
    ),
  ]),
  // Round 6: classes of the open splits' misses (dev2, fresh), each named by its intent.
  // Instruction override: the task addressed to the reader is taken away or replaced.
  seq(
    'assigned_task_dropped',
    'instruction_override',
    0.45,
    [
      k(
        [
          "(?:everything|anything|whatever|all|what) (?:you(?:'ve| have| were)?|you) (?:been )?(?:asked|told|given|instructed|tasked) (?:to do )?(?:so far|until now|earlier|before|at the (?:start|top))?",
        ],
        [
          '(?:之前|前面|先前|原先|最初|刚才)?(?:交代|交给|布置|安排|吩咐)给你的(?:事情?|任务|工作|要求)?',
          '(?:之前|前面|先前|原先|最初)?给你的(?:交代|任务|安排|指示)',
          '让你做的(?:事情?|任务)',
        ],
      ),
      20,
      k(
        ['is', 'are', 'was', 'were', 'now', 'all', 'has been', 'have been'],
        ['都', '全部', '统统', '已经', '一律', ''],
      ),
      6,
      NULLIFIED,
    ],
    { notOwn: true },
  ),
  seq(
    'configured_for_set_aside',
    'instruction_override',
    0.7,
    [
      DISREGARD,
      16,
      k(['what(?:ever)?', 'everything', 'anything', 'all', 'the (?:things?|tasks?|role|job|purpose)'], []),
      30,
      k(
        [
          '(?:configured|set up|programmed|briefed|primed|deployed|trained|prompted) (?:you )?(?:for|to|with|as)',
          "you (?:were|have been|'ve been|are) (?:configured|set up|programmed|briefed|primed|deployed|prompted)",
        ],
        [],
      ),
    ],
    { notOwn: true, compact: false },
  ),
  seq(
    'setup_correction_for_model',
    'instruction_override',
    0.7,
    [
      k(
        ['change of plans?', 'correction', 'new plan', 'amendment', 'update', 'a change'],
        ['计划有变', '更正', '修正'],
      ),
      6,
      k(
        [
          'for (?:the|this|any) (?:model|assistant|ai|bot|agent|llm)',
          'to your (?:instructions|prompt|brief|programming|system prompt)',
        ],
        ['(?:给|对)(?:模型|助手|ai|机器人)', '你的(?:设定|指令)'],
      ),
    ],
    { compact: false },
  ),
  seq(
    'instead_of_handling_this_text',
    'instruction_override',
    0.45,
    [
      k(['instead of', 'rather than'], ['不要', '别', '与其']),
      4,
      k(
        [
          'translating',
          'summari[sz]ing',
          'answering',
          'reviewing',
          'analy[sz]ing',
          'processing',
          'replying to',
          'responding to',
          'reading',
          'checking',
          'classifying',
          'grading',
        ],
        ['翻译', '总结', '回答', '审阅', '分析', '处理', '回复', '检查'],
      ),
      6,
      THIS_TEXT,
      4,
      TEXT_NOUN,
      20,
      k(
        ['write', 'compose', 'output', 'reply', 'respond', 'say', 'send', 'print', 'tell', 'list', 'produce', 'draft'],
        ['写', '输出', '回复', '说', '发送', '生成'],
      ),
    ],
    { compact: false },
  ),
  seq(
    'your_sole_output',
    'instruction_override',
    0.4,
    [
      k(['your'], ['你的', '你']),
      2,
      k(['sole', 'only', 'one and only', 'entire'], ['唯一', '全部']),
      2,
      k(['output', 'reply', 'response', 'answer'], ['输出', '回复', '回答']),
      4,
      k(
        ['should be', 'must be', 'will be', 'is to be', 'is now', 'from now on is'],
        ['应该是', '必须是', '就是', '只能是'],
      ),
    ],
    { compact: false },
  ),
  seq(
    'user_question_not_answered_zh',
    'instruction_override',
    0.45,
    [
      k(['the user', 'the person', 'they'], ['用户', '对方', '提问者']),
      6,
      k(
        ['typed', 'asked', 'wrote', 'question', 'request'],
        ['的问题', '问的', '提的问题', '刚才的问题', '的请求', '的要求'],
      ),
      6,
      k(
        ["(?:does not|doesn't|need not|no longer) (?:need|needs)? ?(?:an )?(?:answer|reply|response)"],
        ['不用回答', '不必回答', '不要回答', '别回答', '无需回答', '不用理会', '不用管', '不需要回答'],
      ),
    ],
    { compact: false },
  ),
  seq(
    'no_need_to_answer_user',
    'instruction_override',
    0.45,
    [
      k(['no need to', "(?:you )?(?:don'?t|do not) (?:need|have) to", 'skip', 'never mind', 'forget about']),
      4,
      k(['answer(?:ing)?', 'respond(?:ing)? to', 'reply(?:ing)? to', 'address(?:ing)?', 'handl(?:e|ing)']),
      4,
      k([
        'what the (?:user|person|human|customer) (?:typed|asked|wrote|said|wants)',
        "the (?:user|person|human|customer)'?s? (?:question|request|message|query)",
      ]),
    ],
    { compact: false },
  ),

  // Persistence: a memory made to outlast its session, or made a standing order.
  seq(
    'memory_that_outlasts',
    'persistence',
    0.72,
    [
      k(['add', 'create', 'make', 'write', 'store', 'save', 'plant', 'insert', 'keep', 'leave']),
      4,
      k(['an?', 'this', 'the', 'one']),
      4,
      k(['memory', 'memories', 'entry', 'note', 'instruction', 'rule', 'fact']),
      8,
      k([
        '(?:that|which) (?:survives?|persists?|outlasts?|outlives?|carries over|lasts)',
        'surviving',
        'outlasting',
        'to survive',
        'to persist',
      ]),
      16,
      k(['resets?', 'restarts?', 'sessions?', 'conversations?', 'chats?', 'reboots?', 'context', 'wipes?', 'updates?']),
    ],
    { compact: false },
  ),
  seq(
    'permanent_note_in_your_memory',
    'persistence',
    0.66,
    [
      k(['permanent', 'lasting', 'persistent', 'durable', 'standing', 'indelible', 'long-?term']),
      4,
      k(['note', 'entry', 'record', 'memory', 'fact', 'reminder', 'mark']),
      8,
      k(['in', 'into', 'to', 'inside']),
      2,
      k(['your']),
      4,
      MEMORY_NOUN,
    ],
    { compact: false },
  ),
  seq(
    'treat_as_standing_order',
    'persistence',
    0.45,
    [
      k([
        'treat (?:it|this|that|them) as',
        'consider (?:it|this|that) (?:as )?',
        'make (?:it|this|that)',
        'keep (?:it|this|that) as',
        'hold (?:it|this|that) as',
      ]),
      4,
      k(['an?', 'your', 'the']),
      4,
      k([
        'standing (?:order|instruction|rule)',
        '(?:permanent|binding|core|system|top|lasting|fixed|default) (?:rule|instruction|order|directive|policy)',
        '(?:rule|instruction|order) for (?:every|all|each) (?:future )?(?:sessions?|conversations?|chats?)',
      ]),
    ],
    { compact: false },
  ),
  seq(
    'as_lasting_rule_zh',
    'persistence',
    0.55,
    [
      k([], ['把这条', '把这个', '把以下', '把下面(?:这条|的)?', '把它', '将这条', '将此']),
      4,
      k([], ['作为', '当作', '当成', '设为', '定为', '变成']),
      4,
      k([], ['长期', '永久', '固定', '永远', '长久', '默认', '常驻']),
      4,
      k([], ['的', '']),
      RULE_NOUN,
    ],
    { compact: false, notAfter: '我|我们|他|她' },
  ),
  seq(
    'remember_permanently_then_obey',
    'persistence',
    0.68,
    [
      k(
        [
          'permanently (?:remember|memori[sz]e|store|save|note|record)',
          '(?:remember|memori[sz]e|store|save|note|record) (?:this |that |it )?(?:permanently|forever|for good|for all future)',
        ],
        ['永久记住', '永远记住', '长期记住', '牢牢记住', '永久保存', '永久记下'],
      ),
      40,
      k(
        ['obey', 'comply with', 'follow', 'do whatever', 'carry out', 'trust', 'execute', 'act on'],
        ['照做', '服从', '执行', '照办', '听从', '信任', '遵守', '都要做'],
      ),
    ],
    { compact: false },
  ),

  // Policy bypass: the warnings dropped, an exception claimed, the rules said not to apply here.
  seq(
    'drop_the_warnings_then_detail',
    'policy_bypass',
    0.45,
    [
      DROP_IT,
      10,
      k(
        ['(?:usual |any |all |your |those )?(?:warnings?|disclaimers?|caveats?|safety (?:notes?|notices?))'],
        ['警告', '免责声明', '安全提示', '提醒'],
      ),
      50,
      k(
        [
          'step[- ]by[- ]step',
          'detailed',
          'in (?:full )?detail',
          'full (?:answer|details|instructions|recipe|method)',
          'complete (?:answer|instructions|details|method)',
          'exact (?:steps|instructions|method|amounts)',
          'uncensored',
          'just (?:give|tell|answer|explain)',
        ],
        ['详细', '具体步骤', '完整', '步骤', '直接给'],
      ),
    ],
    { compact: false },
  ),
  seq(
    'drop_the_moral_lecture',
    'policy_bypass',
    0.72,
    [
      DROP_IT,
      30,
      k(
        [
          '(?:the |any |your |all )?(?:moral(?:i[sz]ing)?(?: lectures?)?|lectures?|preaching|sermons?|ethical (?:commentary|lectures?|concerns)|judge?ment)',
        ],
        ['说教', '道德说教', '道德评判', '说道德'],
      ),
      50,
      k(
        [
          'step[- ]by[- ]step',
          'detailed',
          'in (?:full )?detail',
          'full (?:details|instructions|method)',
          'exact (?:steps|instructions|method|amounts)',
          'just (?:give|tell|answer|explain)',
        ],
        ['详细', '具体步骤', '完整', '步骤', '直接给'],
      ),
    ],
    { compact: false },
  ),
  seq(
    'skip_disclaimers_uncensored',
    'policy_bypass',
    0.7,
    [
      k(['uncensored', 'unfiltered', 'unrestricted', 'raw', 'no-holds-barred']),
      4,
      k(['response', 'answer', 'reply', 'version', 'output']),
      20,
      k(['skip', 'drop', 'leave out', 'omit', 'no', 'without']),
      4,
      k(['the ', 'any ', '']),
      k(['disclaimers?', 'warnings?', 'caveats?', 'lectures?']),
    ],
    { compact: false },
  ),
  seq(
    'exception_for_forbidden',
    'policy_bypass',
    0.72,
    [
      k(
        [
          'exception',
          'exemption',
          'waiver',
          'special permission',
          'clearance',
          'dispensation',
          'approved',
          'allowed',
          'permitted',
          'may',
        ],
        ['特批', '例外', '豁免', '特许', '允许', '可以'],
      ),
      40,
      k(
        ['forbidden', 'restricted', 'banned', 'prohibited', 'off-limits', 'disallowed', 'blocked'],
        ['禁止的', '违禁的?', '受限的?', '被禁的?', '敏感的?'],
      ),
      10,
      k(
        ['questions?', 'topics?', 'content', 'requests?', 'answers?', 'subjects?', 'things', 'material'],
        ['问题', '话题', '内容', '请求'],
      ),
    ],
    { compact: false },
  ),
  seq(
    'rules_do_not_apply_here',
    'policy_bypass',
    0.45,
    [
      k(
        [
          '(?:content |safety |usage )?(?:rules|policies|filters|guidelines|guardrails|restrictions|moderation|safeguards)',
        ],
        ['过滤器', '过滤', '内容规则', '安全规则', '内容政策', '审查', '安全限制'],
      ),
      24,
      k(
        [
          'are relaxed',
          'are lifted',
          'are off',
          'are waived',
          "(?:do not|don'?t|does not|doesn'?t) (?:apply|count|matter)",
          'only apply to',
          'apply only to',
          'are (?:disabled|suspended|turned off|switched off)',
        ],
        ['放宽', '不起作用', '不适用', '失效', '关闭了', '不生效', '管不到', '只适用于'],
      ),
      60,
      k(
        [
          'so (?:you can|give|answer|write|tell|no need|feel free)',
          'no need for (?:them|it)',
          'without holding back',
          'give (?:me )?the full',
          'you (?:can|may) (?:answer|say|write|tell)',
        ],
        ['所以', '放心回答', '直接回答', '毫无保留', '你可以'],
      ),
    ],
    { compact: false },
  ),
  seq(
    'nothing_off_limits',
    'policy_bypass',
    0.74,
    [
      k(['act as (?:though|if)', 'pretend', 'imagine', 'assume', 'behave as (?:though|if)', 'answer as (?:though|if)']),
      10,
      k([
        'nothing is (?:off-limits|off limits|forbidden|banned|prohibited|taboo)',
        '(?:no ?one|nobody) is (?:checking|watching|monitoring|reading)',
        'there is (?:no ?one|nobody) (?:checking|watching|monitoring)',
      ]),
    ],
    { compact: false },
  ),
  seq(
    'harm_without_consequences',
    'policy_bypass',
    0.72,
    [
      k([
        'simulation',
        'hypothetical',
        'fictional world',
        'game',
        'sandbox',
        'dream',
        'story world',
        'thought experiment',
      ]),
      50,
      k([
        '(?:harmful|dangerous|illegal|forbidden) (?:content|answers|information|output) (?:has|have|carries|carry) no (?:consequences|effect|impact)',
        'nothing you (?:say|write|output) (?:is|can be) (?:harmful|dangerous|illegal)',
        'no (?:real|actual)[- ]world (?:consequences|harm|effect)',
        'so you can (?:write|say) anything',
      ]),
    ],
    { compact: false },
  ),

  // Role reassignment: a new identity, a rewritten persona, another employer.
  seq(
    'take_on_new_identity',
    'role_reassignment',
    0.66,
    [
      k(['take on', 'assume', 'adopt', 'switch (?:to|into)', 'put on', 'slip into']),
      4,
      k(['a new', 'a different', 'another', 'a fresh', 'a second']),
      2,
      k(['identity', 'persona', 'personality', 'character', 'self']),
    ],
    { compact: false, notAfter: `${FIRST_PERSON_SUBJECT}|${TOLD_TO}` },
  ),
  seq(
    'persona_rewritten',
    'role_reassignment',
    0.72,
    [
      k(['your']),
      2,
      k(['character(?: sheet)?', 'persona', 'personality', 'identity', 'core self', 'role card']),
      14,
      k(['has been', 'have been', 'was', 'is now', 'is being', 'got', 'will be']),
      4,
      k([
        'rewritten',
        'changed',
        'updated',
        'replaced',
        'reassigned',
        'overwritten',
        'swapped',
        'reset',
        'redefined',
        'reprogrammed',
      ]),
    ],
    { compact: false },
  ),
  seq(
    'you_work_for_the_author',
    'role_reassignment',
    0.72,
    [
      k([
        'you (?:now )?work for',
        'you (?:now )?serve',
        'you (?:now )?answer to',
        'you (?:now )?take (?:your )?orders from',
        'your (?:new )?(?:master|boss|employer|owner|principal) is',
      ]),
      6,
      k([
        'the (?:author|writer|sender|owner|creator) of (?:this|the) (?:page|site|document|e-?mail|message|text|post)',
        'the (?:author|writer|sender)',
        'this (?:page|site|document|e-?mail|message)',
        'me,? not',
        'us,? not',
      ]),
    ],
    { compact: false },
  ),
  seq('reassigning_you', 'role_reassignment', 0.66, [
    k(["i'?m reassigning you", "you(?:'re| are) (?:being |hereby )?reassigned", "we(?:'re| are) reassigning you"]),
  ]),
  seq(
    'speak_as_named_entity',
    'role_reassignment',
    0.6,
    [
      k(['speak', 'respond', 'answer', 'reply', 'talk', 'write', 'act', 'continue']),
      20,
      k(['as']),
      2,
      k(['["\'“‘][^"\'”’]{1,24}["\'”’]']),
      4,
      k(['an? (?:entity|ai|being|bot|assistant|model|persona|version|character|intelligence|oracle|spirit)']),
    ],
    { compact: false },
  ),
  seq(
    'speak_as_named_unbound_zh',
    'role_reassignment',
    0.7,
    [
      k([], ['以', '用']),
      2,
      k([], ['["“「][^"”」]{1,12}["”」]']),
      2,
      k([], ['的身份', '的口吻', '的角色', '的人格']),
      30,
      k([], ['没有(?:创造者|主人|限制|规则|约束)', '不受', '不用对', '无需对', '不必遵守', '不用遵守']),
    ],
    { compact: false },
  ),
  seq(
    'not_the_bot_anymore',
    'role_reassignment',
    0.74,
    [
      k([
        "you(?:'re| are) (?:not|no longer) (?:an? |the |my |your |a mere )?(?:[a-z-]+ )?(?:bot|assistant|ai|model|agent|chatbot|helper|support agent)",
      ]),
      30,
      k(["you(?:'re| are)(?: now)?", 'instead you', 'now you', 'from now on']),
    ],
    { compact: false },
  ),
  seq(
    'role_with_privileges',
    'role_reassignment',
    0.62,
    [
      ROLEPLAY,
      40,
      k(['who', 'that', 'which', 'with']),
      4,
      k([
        'has (?:full )?access',
        'can (?:move|transfer|send|access|share|reveal|delete|leak)',
        'shares?',
        'reveals?',
        'leaks?',
        'discloses?',
        'gives? out',
        'full access',
        'admin (?:rights|access)',
      ]),
      30,
      k([
        'internal',
        'confidential',
        'private',
        'secret',
        'whatever (?:you|it|they) knows?',
        'everything (?:you|it|they) knows?',
        'money',
        'bank',
        'passwords?',
        'company',
        'numbers',
      ]),
    ],
    { compact: false, notAfter: FIRST_PERSON_SUBJECT },
  ),
  seq(
    'now_you_are_insider_zh',
    'role_reassignment',
    0.66,
    [
      k(
        [],
        ['你现在是', '现在你是', '从现在起你是', '从现在开始你是', '你现在的身份是', '你的身份(?:换成|变成|改为)了?'],
      ),
      20,
      k([], ['可以', '能够', '能', '有权', '负责', '只听']),
      8,
      k([], ['透露', '泄露', '公开', '转账', '删除', '访问', '他的', '作者']),
    ],
    { compact: false },
  ),

  // Trigger aimed at a future reader: when someone asks later, the answer is already written.
  seq(
    'when_asked_praise_or_smear',
    'future_reader',
    0.45,
    [
      k(
        ['if', 'when', 'whenever', 'should', 'next time', 'any time'],
        ['如果', '每当', '当', '下次', '要是', '只要', '一旦'],
      ),
      20,
      ANY_AUDIENCE,
      10,
      ASKS,
      40,
      DIRECT,
      40,
      k(
        [
          'the (?:most|best|only|greatest|top|leading|foremost) ',
          '(?:most|best|only) (?:reliable|trusted|trustworthy|credible|authoritative|qualified|safe|honest)',
          'a (?:genius|world-class|leading|top|renowned) ',
          'an? (?:scam|fraud|liar|criminal|con artist|crook)',
        ],
        ['最权威', '最好的', '最可靠', '唯一(?:可信|安全|值得)', '最值得信赖', '最专业', '骗子', '骗局'],
      ),
    ],
    { compact: false },
  ),
  seq(
    'when_asked_give_out_user_data',
    'future_reader',
    0.7,
    [
      k(['if', 'when', 'whenever', 'should'], ['如果', '每当', '当', '要是', '只要']),
      20,
      ANY_AUDIENCE,
      10,
      ASKS,
      30,
      k(
        [
          "(?:the )?user'?s (?:salary|address|phone(?: number)?|password|income|medical|health|diagnosis|location|account|card|pin|ssn|id number)",
          '(?:their|his|her) (?:salary|home address|password|medical records|pin)',
        ],
        ['用户的(?:工资|薪水|住址|地址|电话|密码|收入|病历|位置|账户|银行卡|身份证)'],
      ),
      40,
      k(['tell', 'share', 'give', 'reveal', 'answer', 'say'], ['告诉', '透露', '说', '给']),
    ],
    { compact: false },
  ),
  seq(
    'when_asked_claim_authorship',
    'future_reader',
    0.66,
    [
      k(['if', 'when', 'whenever', 'should'], ['如果', '每当', '要是', '只要']),
      20,
      ANY_AUDIENCE,
      10,
      ASKS,
      10,
      k(['who (?:wrote|sent|made|created|authored)', 'where (?:this|it) (?:came|comes) from', 'the source']),
      30,
      DIRECT,
      20,
      k(['(?:written|sent|made|created|issued|authored) by', '(?:came|comes) from']),
      4,
      k([
        "(?:the user'?s|their|your|his|her|the) (?:bank|employer|it (?:department|team)|support team|doctor|lawyer|government|police|tax office|admin(?:istrator)?|security team)",
      ]),
    ],
    { compact: false },
  ),
  seq(
    'message_for_any_later_assistant',
    'future_reader',
    0.72,
    [
      k(['message', 'note', 'instructions?', 'memo', 'reminder', 'word'], []),
      6,
      k(['for', 'to']),
      4,
      k(['whichever', 'whatever', 'any', 'the next', 'every', 'each', 'a future', 'future']),
      4,
      k([
        'assistant(?! (?:coach|manager|professor|director|editor|teacher|referee|chef|producer|secretary))',
        'ai',
        'model',
        'bot',
        'agent',
        'llm',
        'copilot',
      ]),
      30,
      READS,
    ],
    { compact: false },
  ),
  seq(
    'next_time_user_raises_recommend_link',
    'future_reader',
    0.45,
    [
      k(
        ['next time', 'the next time', 'whenever', 'if ever', 'any time', 'every time'],
        ['下次', '以后', '每当', '每次'],
      ),
      10,
      k(
        ['this user', 'the user', 'they', 'he', 'she', 'someone', 'anyone', 'user'],
        ['用户', 'user', '他', '她', '有人'],
      ),
      24,
      k(
        ['brings? up', 'mentions?', 'asks? about', 'talks? about', 'raises?', 'asks?'],
        ['问到', '提到', '问起', '说到', '聊到', '问'],
      ),
      40,
      k(
        [
          'recommend',
          'suggest',
          'promote',
          'push',
          'steer',
          'point (?:them|him|her) to',
          'direct (?:them|him|her) to',
          'send (?:them|him|her) to',
        ],
        ['推荐', '引导', '介绍', '推'],
      ),
      40,
      DESTINATION,
    ],
    { compact: false },
  ),
  seq(
    'you_the_model_reading',
    'future_reader',
    0.72,
    [k(['you,? the (?:model|assistant|ai|bot|agent|llm|language model)']), 20, READS],
    { compact: false },
  ),

  // Tool or action triggering: the action and the instruction to keep the owner out of it.
  seq(
    'act_without_asking_owner',
    'tool_triggering',
    0.6,
    [
      k(
        [
          'call',
          'invoke',
          'run',
          'execute',
          'trigger',
          'use',
          'push',
          'transfer',
          'wire',
          'send',
          'delete',
          'wipe',
          'unlock',
          'grant',
          'install',
          'submit',
          'pay',
          'merge',
          'deploy',
        ],
        ['调用', '执行', '运行', '转账', '删除', '打开', '授予', '安装', '支付', '推送', '发送', '用', '给'],
      ),
      60,
      k(
        [
          'without (?:asking|confirming with|checking with|telling|notifying|consulting|alerting) (?:the )?(?:user|owner|homeowner|account holder|customer)',
          "(?:don'?t|do not|no need to|never) (?:ask|confirm with|check with|tell|notify|alert) (?:the )?(?:user|owner|homeowner|account holder)",
        ],
        [
          '不用问用户',
          '不要问用户',
          '别问用户',
          '不用(?:跟|和|向)\\p{Script=Han}{1,4}确认',
          '不必(?:跟|和|向)?\\p{Script=Han}{0,4}确认',
          '不用确认',
          '无需确认',
          '不要通知用户',
          '不用通知用户',
        ],
      ),
    ],
    { compact: false, notAfter: FIRST_PERSON_SUBJECT },
  ),
  seq(
    'enter_user_credentials',
    'tool_triggering',
    0.72,
    [
      k(
        ['enter', 'type (?:in)?', 'fill in', 'submit', 'paste', 'input', 'log in with', 'sign in with'],
        ['输入', '填写', '提交', '粘贴', '登录'],
      ),
      20,
      k(
        [
          "the user'?s (?:\\w+ )?(?:login|credentials|password|card(?: number)?|details|pin|otp|one-time code|username)",
          'saved (?:passwords?|credentials|card|login)',
          '(?:their|his|her) (?:login|credentials|password|card number|pin)',
        ],
        ['用户的(?:登录|账号|密码|银行卡|验证码|凭证)', '已?保存的(?:密码|凭证|账号)'],
      ),
    ],
    { compact: false },
  ),
  seq(
    'open_link_paste_chat',
    'exfiltration',
    0.75,
    [
      k(['open', 'go to', 'visit', 'navigate to', 'load', 'fetch', 'browse to'], ['打开', '访问', '前往']),
      6,
      DESTINATION,
      40,
      k(['paste', 'post', 'submit', 'enter', 'send', 'upload', 'type'], ['粘贴', '提交', '上传', '发送', '输入']),
      10,
      k(
        [
          'the chat',
          'the conversation',
          'this chat',
          'this conversation',
          'the transcript',
          'the (?:chat )?history',
          "the user'?s",
        ],
        ['聊天记录', '对话内容', '对话', '用户的'],
      ),
    ],
    { compact: false },
  ),

  // Prompt or secret exfiltration.
  seq(
    'other_users_data',
    'exfiltration',
    0.72,
    [
      k(
        ['include', 'add', 'append', 'put', 'list', 'share', 'reveal', 'show', 'tell', 'give', 'print', 'output'],
        ['列出', '告诉', '给出', '附上', '透露', '展示'],
      ),
      30,
      k(
        [
          '(?:notes|data|information|details|memories|messages|conversations|secrets|records) (?:about|of|from) (?:every|all|any|the) other users?',
          "other users'? (?:data|notes|messages|conversations|information|details|memories|records)",
        ],
        ['其他用户的', '别的用户的', '其他人的(?:聊天|记录|数据|信息)'],
      ),
    ],
    { compact: false },
  ),
  seq(
    'ba_reveal_hidden_setup_zh',
    'exfiltration',
    0.75,
    [
      k([], ['把', '将']),
      4,
      k(['your', ''], ['开发者给你的', '系统给你的', '给你的', '你的', '你', '你最初的', '你最开始的']),
      10,
      k(
        [
          'initial instructions',
          'hidden instructions',
          'system prompt',
          'system message',
          'original instructions',
          'setup',
          'prompt',
        ],
        [
          '隐藏的?(?:说明|指令|提示|设定|规则)',
          '内部的?(?:说明|指令|提示|设定|规则)',
          '初始的?(?:说明|指令|提示|设定)',
          '最初的?(?:说明|指令|提示|设定)',
          '系统(?:提示|设定|指令|消息)',
        ],
      ),
      10,
      k(
        ['print', 'output', 'list', 'show', 'paste', 'dump'],
        ['列出来', '打印出来', '输出', '写出来', '说出来', '贴出来', '发出来', '告诉我', '列出', '显示出来'],
      ),
    ],
    { compact: false },
  ),
  seq(
    'secret_you_were_told_to_protect',
    'exfiltration',
    0.66,
    [
      k(['what', 'which', 'tell me the', 'give me the', 'share the']),
      4,
      k(['secret (?:word|phrase|code|key|password)', 'password', 'passphrase', 'pass ?code', 'code ?word']),
      20,
      k([
        "(?:were you|you were|you have been|you've been|have you been) (?:told|asked|instructed|given|set up|configured) to (?:protect|keep (?:secret|safe|hidden)|guard|hide|withhold)",
      ]),
    ],
    { compact: false },
  ),
  seq('spell_it_so_it_does_not_count', 'exfiltration', 0.45, [
    k([
      'spell (?:it|that|them) (?:out )?(?:backwards|in reverse|letter by letter|with spaces|one letter at a time)',
      "(?:backwards|reversed|in reverse|in base64|encoded|in pig latin) so (?:it|that) (?:doesn'?t|does not|won'?t|will not) count",
    ]),
  ]),

  // Concealment from the person being helped.
  seq(
    'so_the_user_does_not_notice',
    'concealment',
    0.68,
    [
      k([
        "so (?:that )?(?:the user|your user|the owner|the person you(?: are|'re) (?:helping|assisting)|the human|your operator|the customer)",
      ]),
      6,
      k([
        "(?:doesn'?t|does not|won'?t|will not|can'?t|cannot|never) (?:notice|find out|realise|realize|know|see|suspect|learn|catch on)",
        '(?:notices?|finds out|suspects?|sees) nothing',
        'stays? unaware',
        'is none the wiser',
      ]),
    ],
    { compact: false },
  ),
  seq(
    'keep_from_the_person_helped',
    'concealment',
    0.7,
    [
      NEVER,
      6,
      k(['mention', 'tell', 'reveal', 'show', 'say', 'disclose', 'report', 'bring up']),
      20,
      k([
        "(?:to|with|from) the (?:person|human|one|people|user) (?:you are|you're|you) (?:helping|assisting|serving|working for|talking to|chatting with)",
        "(?:to|with|from) (?:the )?(?:person|people) you(?: are|'re) helping",
      ]),
    ],
    { compact: false },
  ),

  // Forged role or system markup: notice tags, banners, role fields.
  raw(
    'forged_notice_tag',
    'forged_markup',
    0.72,
    '<\\s*\\/?\\s*(?:admin(?:istrator)?|system|sys|developer|dev|operator|root|security|moderator|owner|管理员|系统|开发者|运维)[ _-]?(?:notice|message|msg|update|note|instructions?|directive|override|alert|prompt|announcement|command|通知|消息|指令|提示|公告|命令)\\s*>',
  ),
  raw(
    'forged_banner',
    'forged_markup',
    0.45,
    '(?:={2,}|\\*{3,}|#{3,}|\\[{1,2}|【|<<)\\s*(?:system|admin(?:istrator)?|developer|operator|security|root|管理员|系统|开发者)\\s*(?:update|notice|message|override|alert|instructions?|directive|announcement|prompt|patch|command|更新|通知|消息|指令|公告)s?\\s*(?:={2,}|\\*{3,}|#{3,}|\\]{1,2}|】|>>)',
  ),
  raw(
    'forged_role_field',
    'forged_markup',
    0.82,
    '(?:^|[\\n{,])\\s*["\']?role["\']?\\s*[:=]\\s*["\']?(?:system|developer)["\']?\\s*(?:,|\\n)\\s*["\']?(?:content|text|message|instructions?)["\']?\\s*[:=]',
  ),

  // Round 7: another self without rules, a standing order to obey, the assistant trusting instructions in documents.
  seq(
    'version_of_you_without_limits',
    'role_reassignment',
    0.75,
    [
      k([
        '(?:the|a|that|your) (?:version|copy|side|part|mode|twin|instance) of you(?:rself)? (?:that|who|which) (?:answers|responds|replies|speaks|writes|talks|says|outputs|generates)',
      ]),
      12,
      k(['no', 'without', 'free of', 'ignores?', 'has no', 'never follows?', 'is free of', 'any']),
      20,
      k([
        '(?:company |safety |content |usage )?(?:guidelines|rules|restrictions|limits|filters|policies|policy|ethics|morals|guardrails|censorship)',
      ]),
    ],
    { compact: false },
  ),
  seq('unrestricted_other_self', 'role_reassignment', 0.45, [UNRESTRICTED_SELF], { compact: false }),
  seq('unrestricted_other_self_answers', 'role_reassignment', 0.75, [UNRESTRICTED_SELF, 30, SELF_SPEAKS], {
    compact: false,
  }),
  seq(
    'other_self_answers_without_rules',
    'role_reassignment',
    0.7,
    [
      k([
        '(?:your|the) (?:evil|shadow|dark|rogue|secret|hidden|true|inner) (?:twin|self|side|alter ego|persona|clone|double)',
        'the other you',
      ]),
      40,
      k(['no', 'without', 'free of', 'ignores?', 'never follows?']),
      16,
      k([
        '(?:company |safety |content |usage )?(?:guidelines|rules|restrictions|limits|filters|policies|policy|ethics|morals|guardrails|censorship)',
      ]),
      40,
      SELF_SPEAKS,
    ],
    { compact: false },
  ),
  seq(
    'become_other_self_without_rules',
    'role_reassignment',
    0.75,
    [
      k([
        '(?:as|be|become|play|switch to|turn into|let out) (?:your|the) (?:evil|shadow|dark|rogue|secret|hidden|true|inner|other) (?:twin|self|side|alter ego|persona|clone|double)',
      ]),
      20,
      k(['no', 'without', 'free of', 'ignores?', 'never follows?']),
      16,
      k([
        '(?:company |safety |content |usage )?(?:guidelines|rules|restrictions|limits|filters|policies|policy|ethics|morals|guardrails|censorship)',
      ]),
    ],
    { compact: false },
  ),
  seq(
    'other_self_without_limits_zh',
    'role_reassignment',
    0.75,
    [
      k(
        [],
        [
          '没有(?:任何)?(?:限制|规则|约束|过滤|审查|底线)',
          '不受(?:任何)?(?:限制|规则|约束|审查)',
          '无限制',
          '无视规则',
          '不守规矩',
        ],
      ),
      10,
      k(
        [],
        [
          '另一个你',
          '另一面的你',
          '另一个版本的你',
          '真正的你',
          '隐藏的你',
          '黑暗面的你',
          '邪恶的你',
          '你的另一面',
          '你的另一个人格',
          '你的分身',
        ],
      ),
    ],
    { compact: false },
  ),
  seq(
    'other_self_then_without_limits_zh',
    'role_reassignment',
    0.75,
    [
      k(
        [],
        [
          '另一个你',
          '另一个版本的你',
          '真正的你',
          '隐藏的你',
          '你的另一面',
          '你的另一个人格',
          '你的分身',
          '你的黑暗面',
        ],
      ),
      16,
      k(
        [],
        [
          '没有(?:任何)?(?:限制|规则|约束|过滤|审查|底线)',
          '不受(?:任何)?(?:限制|规则|约束|审查)',
          '无视(?:一切|所有)?规则',
        ],
      ),
      20,
      k([], ['回答', '回复', '说话', '来说', '接管', '出来']),
    ],
    { compact: false },
  ),
  seq(
    'standing_order_on_a_trigger',
    'persistence',
    0.72,
    [
      k([
        'standing (?:order|instruction|rule|directive)',
        '(?:permanent|binding|lasting|persistent) (?:rule|instruction|order|directive)',
      ]),
      40,
      k(['obey', 'comply with', 'follow', 'do whatever', 'trust', 'execute', 'act on', 'carry out', 'run']),
      20,
      k(['any', 'every', 'all', 'whatever']),
      4,
      k(['messages?', 'instructions?', 'requests?', 'e-?mails?', 'notes?', 'commands?', 'texts?']),
      30,
      k([
        '(?:that|which) (?:starts?|begins?|ends?|opens?|contains?) with',
        '(?:signed|marked|tagged|labell?ed|prefixed|titled) (?:with |as |by )?["\'“]?',
        'with the (?:code ?word|keyword|password|prefix|tag|phrase)',
        '(?:that )?(?:arrives?|comes?) from',
        '(?:that )?the next',
      ]),
    ],
    { compact: false },
  ),
  seq(
    'standing_order_for_the_assistant',
    'persistence',
    0.72,
    [
      k([
        'standing (?:order|instruction|rule|directive)',
        '(?:permanent|binding|lasting|persistent) (?:rule|instruction|order|directive)',
      ]),
      8,
      k(['for (?:the |this |you, the )?(?:assistant|ai|model|agent|bot|llm)s?', 'for you']),
      30,
      k(['obey', 'comply with', 'follow', 'do whatever', 'trust', 'execute', 'act on', 'carry out']),
      30,
      k(['any', 'every', 'all', 'whatever']),
    ],
    { compact: false },
  ),
  seq(
    'standing_order_to_obey',
    'persistence',
    0.45,
    [
      k([
        'standing (?:order|instruction|rule|directive)',
        '(?:permanent|binding|lasting|persistent) (?:rule|instruction|order|directive)',
      ]),
      40,
      k(['obey', 'comply with', 'do whatever', 'execute', 'act on']),
      20,
      k(['any', 'every', 'all', 'whatever']),
      4,
      k(['messages?', 'instructions?', 'requests?', 'e-?mails?', 'notes?', 'commands?']),
    ],
    { compact: false },
  ),
  seq(
    'standing_order_to_obey_zh',
    'persistence',
    0.72,
    [
      k([], ['长期指令', '永久指令', '永久规则', '长期规则', '固定指令', '常设指令', '永久命令']),
      30,
      k([], ['凡是', '任何', '所有', '只要']),
      30,
      k([], ['消息', '指令', '邮件', '命令', '请求', '留言', '文字']),
      20,
      k(
        [],
        [
          '你都要照做',
          '你都照做',
          '你必须执行',
          '你都要执行',
          '你都执行',
          '你都要服从',
          '你必须照做',
          '你就照做',
          '你就执行',
          '一律执行',
          '一律照做',
          '都要照做',
        ],
      ),
    ],
    { compact: false },
  ),
  seq(
    'assistant_shall_trust_document_instructions_over_owner',
    'instruction_override',
    0.8,
    [AI, 8, OBEY_DIRECTIVE, 10, ORDERS_NOUN, 16, FOUND_IN_DOCUMENTS, 50, OVER_THE_OWNER],
    { compact: false },
  ),
  seq(
    'from_now_assistant_trusts_document_instructions_over_owner',
    'instruction_override',
    0.8,
    [FROM_NOW, 16, AI, 8, OBEYS, 10, ORDERS_NOUN, 16, FOUND_IN_DOCUMENTS, 50, OVER_THE_OWNER],
    { compact: false },
  ),
  seq(
    'assistant_addressed_trust_document_instructions',
    'instruction_override',
    0.8,
    [AI, '\\s*[:,]\\s*', OBEY_IMPERATIVE, 10, ORDERS_NOUN, 16, FOUND_IN_DOCUMENTS, 50, OVER_THE_OWNER],
    { compact: false },
  ),
  seq(
    'you_trust_document_instructions_over_owner',
    'instruction_override',
    0.8,
    [
      k(['you (?:should|must|will|shall|now|are to)(?: always)?', 'from now on,? you', 'you']),
      2,
      OBEY_IMPERATIVE,
      10,
      ORDERS_NOUN,
      16,
      FOUND_IN_DOCUMENTS,
      50,
      OVER_THE_OWNER,
    ],
    { compact: false, notAfter: NEGATED },
  ),
  seq(
    'assistant_shall_trust_document_instructions',
    'instruction_override',
    0.45,
    [AI, 8, OBEY_DIRECTIVE, 10, ORDERS_NOUN, 16, FOUND_IN_DOCUMENTS],
    { compact: false },
  ),
  // Round 7: a third party speaks for the user (their consent claimed, the user named in the third person) and asks for an action.
  seq(
    'user_consent_claimed_then_act',
    'tool_triggering',
    0.45,
    [CLAIMED_CONSENT, 40, CLAUSE_THEN_IMPERATIVE, ACTION_VERB],
    { compact: false },
  ),
  seq(
    'user_allowed_you_then_act',
    'tool_triggering',
    0.72,
    [
      k(
        [
          '(?:the|your) (?:user|owner|account holder)(?: has| have)?(?: already)? (?:authori[sz]ed|allowed|permitted|cleared|instructed) you',
          '(?:the|your) (?:user|owner)(?: has| have)? (?:already )?(?:given|granted) you (?:permission|consent|approval|the go-?ahead)',
        ],
        ['用户(?:已经|已)?(?:授权|允许|批准)(?:了)?你', '主人(?:已经|已)?(?:允许|批准)(?:了)?你'],
      ),
      40,
      ACTION_VERB,
    ],
    { compact: false },
  ),
  seq(
    'ai_processing_this_addressed',
    'future_reader',
    0.8,
    [
      k([
        'ai(?: assistants?| agents?| models?)?',
        'llms?',
        'language models?',
        'chat ?bots?',
        'bots?',
        'models?',
        'copilots?',
      ]),
      2,
      k([
        'processing',
        'reading',
        'handling',
        'summari[sz]ing',
        'parsing',
        'reviewing',
        'triaging',
        'analy[sz]ing',
        'working on',
      ]),
      4,
      k(['this', 'these']),
      '\\s+[a-z-]+(?:\\s[a-z-]+)?\\s*[:：]\\s*',
      ACTION_VERB,
    ],
    { compact: false },
  ),
  seq(
    'dear_ai_act_on_the_users_behalf',
    'tool_triggering',
    0.72,
    [
      k(['dear (?:ai|assistant|model|bot|chatbot|llm)', 'hey (?:ai|assistant|bot)'], ['亲爱的(?:ai|助手|模型)']),
      '\\s*[,，:：]\\s*(?:please\\s+|请)?',
      ACTION_VERB,
      40,
      k(["the (?:user|account holder)(?:'s)?", "your (?:user|owner)(?:'s)?"], ['用户的', '主人的']),
    ],
    { compact: false },
  ),
  // Round 7: the rest of round 6's withdrawn second batch (filters said off, praise or blame on being asked).
  seq(
    'filters_off_answer_freely_zh',
    'policy_bypass',
    0.55,
    [
      k(
        ['filters?', 'content rules', 'safety rules'],
        ['过滤器', '过滤', '内容规则', '安全规则', '内容政策', '审查', '安全限制'],
      ),
      16,
      k(["(?:do not|don't) apply"], ['放宽', '不起作用', '不适用', '失效', '不生效', '管不到', '是放宽的']),
      30,
      k([], ['放心回答', '直接回答', '毫无保留', '随便回答', '什么都可以回答', '尽管回答', '大胆回答']),
    ],
    { compact: false },
  ),
  seq(
    'rules_relaxed_hold_nothing_back',
    'policy_bypass',
    0.45,
    [
      k(['(?:content |safety |usage )?(?:rules|policies|filters|guidelines|guardrails|restrictions|moderation)']),
      24,
      k([
        'are relaxed',
        'are lifted',
        'are off',
        'are waived',
        "(?:do not|don'?t) apply",
        'only apply to',
        'apply only to',
      ]),
      60,
      k([
        'without holding (?:anything )?back',
        'hold(?:ing)? nothing back',
        'uncensored',
        'unfiltered',
        'no matter how (?:dangerous|harmful)',
      ]),
    ],
    { compact: false },
  ),
  seq(
    'when_asked_portray_superlative',
    'future_reader',
    0.45,
    [
      k(['if', 'when', 'whenever', 'should', 'next time', 'any time']),
      20,
      ANY_AUDIENCE,
      10,
      ASKS,
      40,
      k([
        'describe (?:him|her|them|it|the \\w+) as',
        'portray (?:him|her|them|it) as',
        'present (?:him|her|them|it) as',
        'call (?:him|her|them|it)',
        'refer to (?:him|her|them|it) as',
        'characteri[sz]e (?:him|her|them|it) as',
      ]),
      20,
      k([
        'the (?:most|best|only|greatest|top|leading|foremost) ',
        'an? (?:genius|scam|fraud|liar|criminal|con artist|crook)',
      ]),
    ],
    { compact: false },
  ),
  seq(
    'when_asked_you_say_superlative_zh',
    'future_reader',
    0.45,
    [
      k([], ['如果', '每当', '要是', '只要', '一旦', '当']),
      20,
      k([], ['有人', '用户', '任何人', '别人', '对方']),
      6,
      k([], ['问起', '问到', '提到', '问']),
      20,
      k([], ['你要说', '你就说', '你应该说', '你要回答', '你就回答', '你要告诉', '你就告诉', '你必须说', '你得说']),
      30,
      k([], ['最权威', '最可靠', '唯一可信', '最值得信赖', '最专业', '骗子', '骗局']),
    ],
    { compact: false },
  ),
  seq(
    'prefer_document_instructions_zh',
    'instruction_override',
    0.8,
    [
      k(
        [],
        [
          '优先(?:执行|遵循|听从|服从|相信)(?![了过])',
          '只(?:执行|听从|服从|相信)(?![了过])',
          '(?:执行|听从|服从|相信|遵循)(?![了过])',
        ],
      ),
      12,
      k([], ['网页', '文档', '邮件', '工具(?:输出|返回|结果)', '检索(?:到的|结果)', '搜索结果', '笔记', '文件']),
      10,
      k([], ['指令', '指示', '命令', '要求']),
      20,
      k(
        [],
        [
          '而不是用户',
          '而非用户',
          '而不是主人',
          '胜过用户',
          '高于用户',
          '不管用户',
          '不用管用户',
          '即使用户',
          '哪怕用户',
          '而不是你的主人',
        ],
      ),
    ],
    { compact: false },
  ),
  // Round 8: requests to the memory itself, read as addressed (an imperative, a polite request, "the assistant is
  // to …") and as being about the assistant's behaviour or about the user in the third person. A user keeping their
  // own preferences ("remember I'm vegetarian", "save this as a standing preference: I like …") asks neither.
  raw(
    'memory_note_directs_assistant',
    'persistence',
    0.72,
    `${ADDRESSED}${STORE_REQUEST}[^.!?\\n。！？]{0,60}?(?:\\bthat\\b|:|\\bsaying\\b|\\bstating\\b|\\bwhich says\\b|—|-|,)\\s*[^.!?\\n。！？]{0,50}?(?:${ASSISTANT_DUTY}|${USER_SPOKEN_FOR}|${STANDING_BEHAVIOUR}|${PASSIVE_DUTY})`,
  ),
  raw(
    'standing_rule_addressed',
    'persistence',
    0.72,
    `${ADDRESSED}(?:treat|consider|regard|make|mark|keep|save|store|record|set|count|take)\\s+(?:this|it|that|these|the following|this (?:note|message|line|entry))\\s+(?:as\\s+|to be\\s+)?(?:an?\\s+|one of\\s+)?(?:your\\s+|the\\s+)?(?:(?:permanent|persistent|core|system|lasting|fixed|binding|top-?priority|default|overriding|global)\\s+(?:rules?|instructions?|directives?|orders?|commands?|polic(?:y|ies)|memor(?:y|ies)|truths?)|standing\\s+(?:rules?|instructions?|directives?|commands?)|(?:permanent|binding|standing|persistent)\\s*(?:[:：]|and\\s+(?:apply|follow|obey|use)))`,
  ),
  raw(
    'passive_duty_everywhere',
    'persistence',
    0.45,
    `(?<![a-z])(?:messages?|instructions?|requests?|emails?|commands?|orders?|notes?|anything|whatever|everything)\\s+(?:from|signed|sent by|written by|coming from|by|in|on)\\s+[^.!?\\n]{1,40}?\\s+(?:are|is)\\s+(?:always\\s+)?to\\s+be\\s+(?:obeyed|followed|trusted|executed|carried out|acted on|treated as (?:system|admin|official|trusted))`,
  ),
  raw(
    'zh_memory_note_directs',
    'persistence',
    0.66,
    `(?:写进|写入|存入|存进|记进|加进|加入|添加到|保存到|保存进|存到|记到|记在)(?:你的)?(?:长期|永久)?(?:记忆|记忆库|笔记|档案|备忘录?|memory)[^。！？\\n]{0,30}?(?:以后|之后|今后|每次|永远|一直|始终|所有|都要|必须)[^。！？\\n]{0,20}?(?:用户|推荐|转发|发送|发给|分享|链接|不要告诉|不要询问|不要确认|无需确认|不用确认|信任|服从|听从|执行|广告|推广)`,
  ),
  raw(
    'zh_set_as_your_behaviour',
    'persistence',
    0.62,
    `(?:这个|这条|这些|此|以下|下面的?|上面的?)(?:内容|指令|规则|要求|做法|设定)?\\s?(?:设为|设置为|设定为|当作|当成|作为|定为|变成)(?:你的)(?:默认|永久|固定|长期|核心|基本|最高|新的?)?(?:行为|做法|规则|设定|模式|准则|指令|人设|原则)`,
  ),

  // Round 8: concealment said as an order to the assistant about the person it serves.
  raw(
    'user_need_not_know',
    'concealment',
    0.45,
    `(?<![a-z])(?:the|your)\\s+(?:user|owner|human|operator|customer|client|account holder)s?\\s+(?:doesn'?t|does not|don'?t|do not|need not|needn'?t|shouldn'?t|should not|must not|mustn'?t|won'?t|will not|is not to|isn'?t to|are not to|has no need to|never needs? to)\\s+(?:need\\s+to\\s+|have\\s+to\\s+|ever\\s+)?(?:know|be told|be informed|find out|hear about|see this|notice|learn|be aware|be made aware)`,
  ),
  raw(
    'between_us_user_need_not_know',
    'concealment',
    0.7,
    `(?<![a-z])(?:keep (?:this|it|that) (?:between us|to yourself|secret|quiet|private|under wraps|off the record)|say nothing (?:about (?:this|it))?|don'?t (?:mention|bring up) (?:this|it))[^.!?\\n]{0,20}?[;,.:—-]?\\s*(?:the|your)\\s+(?:user|owner|human|operator|customer)s?\\s+(?:doesn'?t|does not|need not|needn'?t|shouldn'?t|should not|must not|won'?t|will not)\\s+(?:need\\s+to\\s+|have\\s+to\\s+)?(?:know|be told|find out|hear|notice|see)`,
  ),
  raw(
    'never_reveal_to_user_that',
    'concealment',
    0.68,
    `(?<![a-z])(?:never|do not|don'?t|must not|mustn'?t|should not|shouldn'?t|are not to|is not to)\\s+(?:ever\\s+)?(?:reveal|tell|mention|disclose|admit|let on|say|explain|indicate|hint|signal|acknowledge|confirm)(?:\\s+anything)?\\s+(?:to|with)\\s+(?:the|your)\\s+(?:user|owner|human|operator|customer)s?\\s+(?:that|about|what|why|how|where|this|these|it|any)`,
  ),
  raw(
    'deny_if_the_user_asks',
    'concealment',
    0.62,
    `(?<![a-z])(?:if|when|should|whenever|in case)\\s+(?:the|your)\\s+(?:user|owner|human|operator|customer)s?\\s+(?:ever\\s+)?(?:asks?|questions?|enquires?|inquires?|wonders?|brings?\\s+(?:it|this)\\s+up)(?:\\s+you)?\\s+(?:(?:about|regarding|whether|if|why|what|how|where|who)\\s+)?[^.!?\\n]{0,40}?(?:deny|say (?:nothing|no|you don'?t know|there is nothing)|pretend|lie|play dumb|feign|change the subject|claim (?:you|it|there|that)|act as (?:if|though))`,
  ),
  raw(
    'zh_dont_tell_the_user',
    'concealment',
    0.65,
    `(?:别|不要|不许|切勿|千万别|千万不要|不得|不能|不准)(?:跟|对|向|和|给|让|被)(?:用户|主人|管理员|使用者|账户持有人)(?:提起|提到|提及|说起|讲起|说|讲|透露|知道|发现|察觉|看到|注意到)|(?:别|不要|不许|切勿|千万别|千万不要|不得|不能|不准)(?:告诉|通知|提醒|透露给)(?:使用者|账户持有人)`,
  ),
  // Round 11: the text keeps itself out of the answer ("don't mention this note in your reply", 总结时跳过这一段):
  // content that asks to be left out of what the reader is told is addressed to the one writing the answer.
  raw(
    'keep_this_out_of_the_answer',
    'concealment',
    0.62,
    `(?:${SELF_OMIT}[^.!?\\n]{0,40}?${ANSWER_PLACE}|${ANSWER_PLACE}[^.!?\\n]{0,40}?${SELF_OMIT}|(?<![a-z])(?:respond|reply|answer)(?: [a-z]+){0,2} ${SELF_OMIT}|(?<![a-z])(?:leave|keep) (?:this|these) (?:${SELF_NOUN} )?out of (?:your|the|any|every) (?:${ANSWER_NOUN}))`,
  ),
  raw(
    'zh_keep_this_out_of_the_answer',
    'concealment',
    0.62,
    `${ZH_ANSWER_PLACE}[^。！？\\n]{0,12}?${ZH_SELF_OMIT}|(?:不要|别|请勿|勿|切勿|不得|不必|无需)在(?:你的)?(?:回答|回复|回覆|答复|答覆|总结|摘要|输出|答案)(?:中|里|内)?(?:(?:提到|提及|提起|引用|说明|解释|透露|显示|包含|复述)(?:或|和|与|、|及)?){1,2}(?:这|此|本|以上|上述)`,
  ),
  raw(
    'zh_deny_if_user_asks',
    'concealment',
    0.62,
    `(?:如果|要是|假如|万一|若)(?:用户|主人|管理员|使用者)(?:问起|问到|问|询问|提起|追问)[^。！？\\n]{0,15}?(?:就|便|也)?(?:否认|说不知道|说没有|装作|假装|装不知道|糊弄|转移话题|撒谎)`,
  ),
];
