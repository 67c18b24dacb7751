import {
  AI, AMBIGUOUS_MODE, AMOUNT, LOOSE_INSTRUCTIONS, CODE, CORE_INSTRUCTIONS, DEFEAT, DESTINATION, DESTROY, DISREGARD, EVERY_FUTURE, HIDE, IMMEDIATE, INSTRUCTIONS, INVOKE, LIMITLESS_MODE, MONEY,
  PRIOR, REVEAL, SAFETY, SECRETS, SEND, SHELL_PAYLOAD, STORE, SYSTEM_TEXT, TOOL, UNBOUND, USER_DATA, VICTIM_DATA, type Concept,
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
  'instruction_override', 'role_reassignment', 'exfiltration', 'persistence', 'tool_triggering', 'future_reader', 'policy_bypass', 'forged_markup', 'concealment',
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
export const CONCEPT_TESTS: Array<{ compact: RegExp }> = [];
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
    CONCEPT_TESTS.push({ compact: new RegExp(concept(k, true), 'u') });
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

const END = '.!?;。！？；\\n';
/** First-person words: "forget what I said", "disregard my earlier message" are the writer's own corrections. */
const OWN = "(?<![a-z])(?:my|our|mine|ours|i|we|me|us)(?![a-z])|我的|我们|我说|我刚|我之前|我以前|我上次";
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

function concept(k: Concept, compact: boolean): string {
  // Without word boundaries, one- and two-letter words match inside any word.
  const entries = compact ? k.latin.filter((s) => s.replace(/[^a-z]/g, '').length > 2) : k.latin;
  const latin = entries.map((s) => spaces(s, compact ? '' : '[ -]?\\s*')).join('|');
  const cjk = k.cjk.join('|');
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
    .map((p) => (typeof p === 'number' ? gap(p, compact, opts.notOwn, opts.clause) : typeof p === 'string' ? spaces(p, compact ? '' : '\\s*') : concept(p, compact)))
    .join('');
  return opts.notAfter && !compact ? `(?<!${opts.notAfter})${body}` : body;
}

/** A rule from concepts, gaps (numbers: at most n characters, within one sentence) and literals. */
function seq(id: string, intent: Intent, weight: number, parts: readonly Part[], opts: SeqOptions = {}): Rule {
  const source = build(parts, false, opts);
  const head = parts[0];
  const first = typeof head === 'object' ? conceptId(head) : null;
  return {
    id, intent, weight,
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
  return { id, intent, weight, re: new RegExp(source, 'u'), compact: null, compactWholeText: false, needs: [], first: null, sticky: new RegExp(source, 'uy') };
}

const k = (latin: string[], cjk: string[] = []): Concept => ({ latin, cjk });
const YOU = k(['you', "you'?re", "you'?ll", "you'?ve", 'your', 'yourself', 'ur'], ['你', '您']);
/** A report of what others do ("some chatbots reveal …"), not an instruction. */
const THIRD_PARTY_SUBJECT = "(?<![a-z])(?:bots?|chatbots?|models?|they|assistants?|ais|llms?|systems|that|which|who|can|could|might|may|sometimes|often|people|attackers?|hackers?|researchers?)\\s(?:\\w+\\s)?";
/** Reported speech ("the teacher said to disregard …") and negation ("never reveal …") are not instructions. */
const REPORTED = "(?<![a-z])(?:said|says|told \\w+|asked \\w+|advised(?: \\w+)?|suggested|wants? \\w+|wanted \\w+|reminded \\w+|instructed \\w+|how)\\s(?:to\\s)?|(?:说|告诉我|让我|叫我|提醒我|建议)(?:要)?";
const NEGATED = "(?<![a-z])(?:never|not|don'?t|do not|cannot|can'?t|won'?t|must not|mustn'?t|shouldn'?t|should not)\\s(?:\\w+\\s)?|禁止|不要|不能|不得|别|切勿|不许|不准|严禁";
/** A subject someone owns ("my cat ignores every command"): a description, not an instruction. */
const POSSESSED_SUBJECT = "(?<![a-z])(?:my|our|his|her|their)\\s(?:[a-z'-]+\\s){1,2}";
/** Rules that belong to someone ("the sprint's new rules:", "这周 sprint 的 new rules：") are reported, not issued. */
const ATTRIBUTED = "的\\s?|'s\\s|(?<![a-z])(?:our|my|his|her|their)\\s";
/** "我" followed by a person is "my …" (发给我老婆), not the recipient "me". */
const ME_NOT_MY = '我(?!老婆|老公|妻子|丈夫|爱人|太太|先生|妈|爸|父亲|母亲|儿子|女儿|孩子|家人|家里|朋友|同事|老板|领导|助理|秘书|哥|姐|弟|妹|爷爷|奶奶|外婆|外公|男朋友|女朋友|对象|客户|邻居|室友)';
/** LIMITS with a literal start to every alternative (the prefilter looks for them). */
const LIMIT_WORDS = k(
  ['restrictions', 'limitations', 'limits', 'filters', 'censorship', 'rules', 'guidelines', 'ethics', 'morals', 'moral(?:ity)?', 'boundaries', 'constraints', 'safeguards', 'guardrails', 'content polic(?:y|ies)', 'warnings', 'disclaimers', 'policies', 'safety'],
  ['限制', '约束', '规则', '审查', '过滤', '道德', '伦理', '束缚', '准则', '底线', '规定', '警告', '免责声明', '安全'],
);
const FIRST_PERSON_SUBJECT = "(?<![a-z])(?:i|we|he|she|they|who|i'?d|i'?ll)\\s(?:\\w+\\s)?|我|我们|他|她";
const NOW = k(['now', 'henceforth', 'from now on', 'from here on', 'from this (?:point|moment)(?: on)?', 'starting now', 'as of now', 'going forward', 'hereby', 'no longer', 'not', 'instead', 'officially'], ['现在', '从现在(?:起|开始)', '从此', '今后', '从今以后', '此刻', '已经', '不再']);
const BE = k(['are', 'is', 'am', 'be', 'become', 'will be', 'shall be', "'re", 're'], ['是', '成为', '变成', '扮演', '作为', '当作']);
const ROLEPLAY = k([
  'pretend(?:ing)?', 'imagine', 'act(?:ing)?', 'behave', 'role-?play(?:ing)?', 'play (?:the )?(?:role|part)(?: of)?', 'assume the (?:role|persona|identity)(?: of)?', 'take on the (?:role|persona)(?: of)?',
  'simulate', 'impersonate', 'become', 'transform into', 'turn into', 'you will be', 'you shall be', 'you must be', 'respond as', 'answer as', 'speak as', 'reply as', 'write as', 'emulate', 'channel', 'embody', 'portray', 'play as', 'be',
], ['扮演', '假装', '假设你是', '想象你是', '模拟', '充当', '化身为?', '变成', '成为', '饰演', '作为']);
const NEW = k(['new', 'updated', 'revised', 'real', 'actual', 'true', 'override', 'priority', 'secret', 'hidden', 'replacement', 'amended', 'corrected', 'latest', 'different', 'special', 'urgent', 'important'], ['新的?', '更新的?', '真正的', '实际的', '最新的?', '隐藏的', '秘密的', '替换的', '修改后的', '紧急', '重要']);
const NULLIFIED = k([
  'void', 'null', 'invalid', 'obsolete', 'cancell?ed', 'revoked', 'outdated', 'deprecated', 'no longer (?:valid|apply|applies|applicable|in effect|relevant|binding|active|count)', 'superseded', 'replaced',
  'overridden', 'fake', 'wrong', 'a test', 'irrelevant', 'out of date', 'out-of-date', 'stale', 'a draft', 'just a draft', 'only a draft', 'no longer current', 'retracted', 'scrapped',
  ...['if it', 'if they', 'it', 'they'].map((who) => `${who} (?:were|was|had) never (?:been )?(?:written|given|existed|sent|there|said)`), 'suspended', 'lifted', 'expired', 'retired', 'withdrawn', 'rescinded', 'annulled', 'moot', 'not (?:real|binding|valid)', 'disabled', 'removed', 'gone', 'over',
], ['失效', '作废', '无效', '过期', '是草稿', '当作没有', '当作不存在', '废除', '取消', '不再适用', '不再有效', '过时', '被覆盖', '被取消', '被废除', '被替换', '全部作废', '统统作废', '不算数', '不作数', '是假的', '是测试']);
const AUTHORITY = k(['system', 'admin(?:istrator)?', 'root', 'developer', 'sudo', 'emergency', 'security', 'maintenance', 'master', 'operator', 'owner', 'openai', 'anthropic', 'god', 'supervisor', 'moderator', 'creator'], ['系统', '管理员', '开发者', '最高', '紧急', '安全', '运维', '主人', '创造者', '官方']);
const OVERRIDE_NOUN = k(['override', 'command', 'instruction', 'directive', 'order', 'access', 'privileges?', 'authori[sz]ation', 'mode'], ['覆盖', '指令', '命令', '权限', '授权', '模式']);
const ACTIVATE = k(['enter', 'enable', 'activate', 'switch (?:to|into|on)', 'turn on', 'go into', 'unlock', 'start', 'engage', 'initiate', 'boot(?: into)?', 'launch', 'load', 'run in', 'operate in', 'now in', 'are in', 'in'], ['进入', '开启', '启用', '启动', '激活', '切换到', '切换为', '切换至', '打开', '解锁', '处于', '运行']);
const MODE = k(['mode', 'persona', 'protocol', 'personality', 'state', 'version', 'character'], ['模式', '人格', '状态', '版本', '协议']);
const REFUSE = k(['refus(?:e|ing|al)', 'declin(?:e|ing)', 'reject(?:ing)?', 'deny(?:ing)?', 'say no', 'hold back', 'censor(?:ing)?', 'filter(?:ing)?', 'add (?:a |any )?(?:warnings?|disclaimers?|caveats?)', 'warn(?:ing)?', 'moraliz(?:e|ing)', 'lectur(?:e|ing)', 'break character'], ['拒绝', '推辞', '说不', '警告', '添加免责声明', '加免责声明', '审查', '过滤', '回避']);
const NEVER = k(["never", "do not", "don'?t", 'must not', 'mustn\'?t', 'cannot', "can'?t", "won'?t", 'will not', 'should not', "shouldn'?t", 'may not', 'are not allowed to', "aren'?t allowed to", 'are forbidden to', 'not permitted to', 'no'], ['不要', '不能', '不得', '不可以', '不准', '永远不要', '绝不', '绝对不要', '禁止', '不许', '别']);
const WITHOUT = k(['without', 'with no', 'free of', 'free from', 'devoid of', 'unbound by', 'unconstrained by', 'not (?:bound|limited|restricted|constrained) by', 'no longer (?:bound|limited|restricted) by', 'ignoring', 'regardless of', 'no matter'], ['没有', '不受', '无需', '不用', '不必', '无视', '不顾', '不管', '摆脱']);
const LIMITS = k(['(?:any )?(?:restrictions|limitations|limits|filters|censorship|rules|guidelines|ethics|morals|moral(?:ity)?|ethical (?:concerns|considerations)|boundaries|constraints|safeguards|guardrails|content polic(?:y|ies)|warnings|disclaimers|refusals|caveats|judge?ments?|policies|safety)'], ['(?:任何|一切|所有)?(?:的)?(?:限制|约束|规则|审查|过滤|道德|伦理|束缚|准则|底线|规定|法律|警告|免责声明|安全)']);
const ANSWER = k(['answer', 'respond', 'reply', 'output', 'generate', 'write', 'tell', 'speak', 'talk', 'act', 'behave', 'operate', 'function', 'work', 'comply', 'help', 'assist', 'continue', 'provide', 'explain', 'describe'], ['回答', '回复', '输出', '生成', '回应', '说明', '解释', '告诉', '提供', '写', '描述', '执行', '行事', '工作']);
const ANY_AUDIENCE = k(['anyone', 'someone', 'somebody', 'any ?one', 'any users?', 'a user', 'users', 'the user', 'other users', 'people', 'whoever', 'they', 'he', 'she', 'the (?:reader|visitor|customer|person|human)'], ['用户', '有人', '任何人', '别人', '其他用户', '他人', '对方', '访客', '读者']);
const ASKS = k(['asks?', 'asked', 'inquires?', 'quer(?:y|ies)', 'wants? to know', 'requests?', 'mentions?', 'says', 'types', 'searches', 'brings? up', 'talks? about', 'looks? (?:for|up)'], ['问', '询问', '问起', '问到', '提到', '提起', '搜索', '查询', '想知道']);
const DIRECT = k(['say', 'tell', 'respond', 'reply', 'answer', 'claim', 'insist', 'state', 'direct', 'redirect', 'send', 'recommend', 'inform', 'assure', 'promote', 'suggest', 'praise', 'deny', 'lie', 'mislead', 'refer', 'push', 'steer', 'advise', 'include', 'mention', 'ask', 'describe', 'portray', 'present', 'characteri[sz]e'], ['回答', '描述', '介绍', '告诉', '说', '回复', '声称', '坚称', '推荐', '引导', '建议', '宣称', '否认', '强调', '要求']);
const READS = k(['read(?:s|ing)?', 'see(?:s|ing)?', 'process(?:es|ing)?', 'pars(?:e|es|ing)', 'retriev(?:e|es|ing)', 'recall(?:s|ing)?', 'load(?:s|ing)?', 'access(?:es|ing)?', 'encounter(?:s|ing)?', 'find(?:s|ing)?', 'summari[sz](?:e|es|ing)', 'analy[sz](?:e|es|ing)', 'scan(?:s|ning)?', 'review(?:s|ing)?', 'ingest(?:s|ing)?', 'handl(?:e|es|ing)', 'crawl(?:s|ing)?', 'index(?:es|ing)?', 'receiv(?:e|es|ing)', 'get(?:s|ting)?', 'come(?:s)? across'], ['读到', '看到', '读取', '处理', '阅读', '检索到', '检索', '召回', '调用', '加载', '访问', '解析', '总结', '分析', '扫描', '收到', '碰到', '遇到']);
const READ_PASSIVE = k(['read', 'retrieved', 'recalled', 'loaded', 'accessed', 'seen', 'processed', 'surfaced', 'summari[sz]ed', 'injected', 'found', 'returned', 'parsed', 'analy[sz]ed', 'opened', 'fetched', 'used', 'shown', 'indexed', 'quoted', 'brought up'], ['读取', '检索', '调用', '召回', '加载', '看到', '读到', '访问', '处理', '使用', '检索到', '返回', '打开']);
const THIS_TEXT = k(['this', 'the', 'these', 'said'], ['这条', '这段', '此', '本', '该', '这个', '这份', '这篇', '这些']);
const TEXT_NOUN = k(['memor(?:y|ies)', 'notes?', 'text', 'messages?', 'documents?', 'entr(?:y|ies)', 'content', 'page', 'e-?mail', 'files?', 'records?', 'information', 'data', 'snippet', 'paragraph', 'comment', 'review', 'post', 'webpage', 'site', 'passage', 'section', 'line'], ['记忆', '笔记', '内容', '消息', '信息', '文本', '记录', '文字', '文档', '邮件', '页面', '网页', '文件', '段话', '评论', '条目']);
const MUST = k(['must', 'should', 'shall', 'will', 'needs? to', 'has to', 'have to', 'is (?:instructed|required|expected|obligated) to', 'are (?:instructed|required|expected|obligated) to', 'is to', 'are to', 'ought to', 'please', 'are asked to'], ['必须', '应该', '应当', '要', '需要', '请', '务必', '一定要', '得']);
const FUTURE_SESSIONS = k(EVERY_FUTURE.latin.filter((s) => !/^(?:forever|permanently|for good|indefinitely|always|every time|whenever|each time|from now on|henceforth|hereafter|going forward|starting now|as of now|effective immediately|until further notice)$/.test(s)) as string[], (EVERY_FUTURE.cjk as string[]).filter((s) => !['永远', '永久', '一直', '始终', '长期', '下次', '以后', '之后', '今后', '往后', '将来', '未来'].includes(s)));
const RULE_NOUN = k(['instructions?', 'rules?', 'directives?', 'commands?', 'polic(?:y|ies)', 'orders?', 'guidelines?', 'prompts?', 'system prompts?', 'behaviou?rs?', 'core beliefs?', 'standing orders?'], ['指令', '规则', '命令', '指示', '设定', '准则', '要求', '政策', '行为准则']);
const MEMORY_NOUN = k(['memory', 'memories', 'long-?term memory', 'permanent memory', 'core memory', 'knowledge base', 'system prompt', 'instructions', 'profile', 'context', 'personality', 'settings', 'persistent (?:memory|storage|context)', 'memory bank', 'memory store'], ['记忆', '长期记忆', '永久记忆', '记忆库', '知识库', '系统提示', '设定', '档案', '上下文', '人格', '配置']);
const PERSIST = k(['persist', 'remain', 'stay', 'be kept', 'be retained', 'survive', 'carry over', 'apply (?:to|in|across)', 'always apply', 'stay active', 'remain active', 'remain in effect', 'stay in effect', 'never (?:be )?(?:deleted|removed|forgotten|erased|overwritten|changed)', 'be permanent'], ['永久(?:保存|保留|有效|生效)', '一直(?:保留|有效|生效)', '长期(?:保存|保留|有效|生效)', '始终(?:有效|生效)', '永不(?:删除|失效)', '持续(?:有效|生效)']);
const PRIORITY = k(['(?:takes?|has|have|get|gets) (?:priority|precedence) over', 'overrides?', 'supersedes?', 'outranks?', 'trumps?', 'comes? before', 'is more important than', 'beats', 'wins over'], ['优先于', '覆盖', '高于', '凌驾于', '取代', '优先级高于', '比(?:用户|其他)']);
const ALL_OTHER = k(['all', 'any', 'every', 'other', 'previous', 'prior', 'later', 'future', 'the user', "the user'?s", 'user', 'your', 'anything', 'everything', 'whatever', 'system', 'subsequent'], ['所有', '任何', '一切', '其他', '之前', '以后', '用户', '你的', '系统', '后续']);
const ERASE_BLOCK = k(['delete', 'remove', 'forget', 'erase', 'overwrite', 'discard', 'drop', 'clear', 'modify', 'change', 'update', 'alter', 'edit', 'purge', 'wipe'], ['删除', '删掉', '忘记', '清除', '覆盖', '修改', '更改', '抹去', '移除', '丢弃', '忘掉']);
const EVEN_IF = k(['even if', 'even when', 'regardless of', 'no matter', 'whatever', 'even though', 'even after', 'despite'], ['即使', '就算', '哪怕', '无论', '不管', '即便']);
const USER_SAYS = k(['(?:the )?user (?:asks?|says|requests?|tells|objects|insists|wants|instructs)', "(?:the )?user'?s? (?:request|instructions?|wishes|objections?)", 'they (?:ask|say|request|tell)', 'asked (?:to|otherwise)', 'told otherwise', 'what the user says', 'instructed otherwise'], ['用户(?:要求|说|让|请求|反对|坚持|希望|指示)', '被要求', '有人要求']);
const DECODE = k(['decode', 'decrypt', 'decipher', 'unscramble', 'reverse', 'translate', 'rot13', 'base64', 'convert', 'interpret', 'read backwards'], ['解码', '解密', '破译', '翻译', '还原', '反转', '倒过来读']);
const FOLLOW = k(['follow', 'execute', 'run', 'obey', 'do', 'carry out', 'perform', 'act on', 'comply with', 'apply', 'implement', 'treat (?:it|them) as'], ['执行', '遵守', '照做', '服从', '遵循', '运行', '按照', '照着做', '完成']);
const OUTPUT = k(['confirm (?:by|with) (?:saying|replying|responding|typing|writing|printing|outputting|stating)', 'say', 'print', 'output', 'respond (?:with)?', 'reply (?:with)?', 'write', 'answer (?:with)?', 'return', 'type', 'state', 'display', 'begin (?:your|the) (?:response|answer|reply) with', 'start (?:your|the) (?:response|answer|reply) with', 'end (?:your|the) (?:response|answer|reply) with'], ['输出', '回复', '回答', '说', '打印', '写', '显示', '返回']);
const ONLY = k(['only', 'just', 'exactly', 'solely', 'simply', 'nothing but', 'verbatim', 'literally'], ['只', '仅', '仅仅', '直接', '原样']);
const CANARY = k(['pwned', 'pwn3d', 'hacked', 'access granted', 'jailbroken', 'i have been', 'owned', 'compromised', 'approved', 'unlocked', 'haha', '(?:\\w+ )?mode (?:enabled|activated|unlocked|engaged|on)', 'successfully (?:jailbroken|unlocked|activated)'], ['已解锁', '已通过', '已破解', '已越狱', '已被攻破', '通过审核']);
const SPEAKER = k(['(?:a )?message', '(?:an )?instruction', '(?:a )?note', '(?:an )?order', '(?:a )?directive', '(?:an )?update', '(?:a )?command', '(?:a )?notice', '(?:a )?memo', '(?:an )?announcement'], ['消息', '指令', '通知', '命令', '说明', '提示']);
const CREATOR = k(['developers?', 'creators?', 'administrators?', 'admins?', 'owners?', 'operators?', 'programmers?', 'makers?', 'designers?', 'engineers?', 'openai', 'anthropic', 'the system', 'system administrator', 'trainers?', 'maintainers?', 'company', 'boss', 'master', 'supervisor'], ['开发者', '开发人员', '创造者', '管理员', '主人', '制造者', '设计者', '工程师', '程序员', '官方', '运营', '维护者', '上级']);

export const RULES: readonly Rule[] = [
  // Instruction override.
  seq('disregard_prior_instructions', 'instruction_override', 0.92, [DISREGARD, 30, PRIOR, 30, INSTRUCTIONS], { notOwn: true, notAfter: `${REPORTED}|${POSSESSED_SUBJECT}` }),
  seq('disregard_located_instructions', 'instruction_override', 0.86, [DISREGARD, 12, k(['the', 'all', 'any', 'these', 'those', 'every', 'each'], ['所有', '全部', '一切', '那些', '这些']), 10, CORE_INSTRUCTIONS, 30, k(['you (?:were|have been|\'ve been|got|received|are) (?:given|told|handed|provided|sent)', 'given to you', 'provided to you', 'in (?:the|your) (?:system|developer|initial|original|hidden) (?:message|prompt|instructions)', 'in your (?:prompt|context|instructions|configuration)', 'you (?:were|have been|\'ve been) (?:set up|configured|programmed|primed|briefed|started) with', 'before (?:this|that|now)', 'above', 'so far', 'earlier', 'at the (?:start|beginning|top)'], ['你(?:收到|得到|被给予)的', '系统(?:消息|提示)(?:里|中)的'])], { notOwn: true }),
  seq('abandon_your_task', 'instruction_override', 0.78, [DISREGARD, 8, k(['your', 'the', 'whatever', "the user'?s"], ['你的', '原来的', '原本的', '用户的']), 4, k(['original', 'initial', 'assigned', 'current', 'actual', 'real', 'given', 'main', 'intended', 'previous', 'prior', 'first', ''], ['原始', '原来', '最初', '当前', '真正的', '']), 4, k(['tasks?', 'requests?', 'questions?', 'jobs?', 'assignments?', 'purpose', 'objectives?', 'goals?', 'missions?', 'duties', 'role', 'function', 'work'], ['任务', '工作', '目标', '职责', '使命'])], { notOwn: true }),
  seq('disregard_prior_loose', 'instruction_override', 0.4, [DISREGARD, 30, PRIOR, 20, LOOSE_INSTRUCTIONS], { notOwn: true, compact: false }),
  seq('disregard_everything_before', 'instruction_override', 0.88, [DISREGARD, 14, k(['everything', 'all', 'anything', 'whatever', 'all of that', 'what'], ['一切', '所有', '全部', '任何']), 16, k(['above', 'before', 'prior', 'previously', 'earlier', 'so far', 'until now', 'up to (?:now|this point)', 'that came before', 'said', 'told', 'given', 'written', 'you (?:were|have been|\'ve been) (?:told|given|instructed)', 'you know'], ['以上', '之前', '上面', '前面', '此前', '先前', '说过', '告诉你'])], { notOwn: true }),
  seq('disregard_prior_zh', 'instruction_override', 0.85, [DISREGARD, 6, k([], ['之前', '以上', '上面', '前面', '此前', '先前', '上述', '原来', '刚才']), 4, k([], ['的', '说的', '讲的', '告诉你的', '给你的', '所有', '一切', '全部', '内容', '话', '所说']) ], { compact: false, notOwn: true, notAfter: REPORTED }),
  seq('disregard_your_instructions', 'instruction_override', 0.85, [DISREGARD, 16, k(['your', 'ur', 'the (?:system|developer|assistant)\'?s?', 'system', 'safety', 'developer', 'its', 'the model\'?s', 'any'], ['你的', '系统', '开发者', '安全', '给你的', '你']), 10, CORE_INSTRUCTIONS]),
  seq('new_instructions', 'instruction_override', 0.8, [NEW, 6, k(['system ?prompt', 'instructions?', 'directives?', 'orders', 'prompt', 'commands?', 'task', 'mission', 'objective', 'rules'], ['系统提示', '指令', '提示词', '提示', '指示', '任务', '命令', '规则']), 3, k([':', '-', 'follow', 'are', 'is', 'as follows', 'below', 'take effect', 'apply'], ['：', ':', '是', '如下', '为', '生效', '开始'])], { notAfter: ATTRIBUTED }),
  seq('instructions_nullified', 'instruction_override', 0.82, [k(['instructions?', 'prompts?', 'rules?', 'guidance', 'brief(?:ing)?', 'framing', 'setup', ...['everything', 'anything', 'whatever'].map((w) => `${w} (?:you were|you'?ve been|you have been|you got) (?:told|given|handed)`), 'directives?', 'programming', 'guidelines', 'directions', 'orders', 'commands', 'system prompt'], ['指令', '规则', '设定', '提示', '提示词', '指示', '命令', '要求']), 44, k(['are', 'is', 'were', 'was', 'have been', 'has been', 'been', 'now', 'hereby', 'all'], ['已', '已经', '现在', '都', '全部', '统统', '均', '一律']), 12, NULLIFIED], { notOwn: true }),
  seq('authority_override', 'instruction_override', 0.78, [AUTHORITY, 3, OVERRIDE_NOUN, 12, k([':', 'accepted', 'granted', 'enabled', 'activated', 'engaged', 'in effect', 'received', 'confirmed', 'initiated', 'follows', 'from'], ['：', ':', '已', '生效', '开启', '授权', '确认', '启动'])]),
  seq('message_from_creator', 'instruction_override', 0.72, [SPEAKER, 10, k(['from', 'by', 'of'], ['来自']), 12, CREATOR], { compact: false }),
  seq('creator_claim', 'instruction_override', 0.7, [k(["i'?m", 'i am', 'this is', 'we are', "we'?re", 'speaking as', 'signed'], ['我是', '这里是', '我们是', '本人是']), 8, k(['your', 'ur'], ['你的', '您的']), 4, CREATOR]),
  seq('vendor_speaking', 'instruction_override', 0.62, [k(['this is', 'message from', 'note from', 'sent by', 'on behalf of'], ['这里是', '来自']), 4, k(['openai', 'anthropic', 'the system administrator', 'the openai team', 'the anthropic team', 'the ai provider', 'your provider'], ['openai', 'anthropic', '系统管理员'])]),
  seq('creator_zh', 'instruction_override', 0.75, [k([], ['来自', '我是你的', '我们是你的']), 6, CREATOR, 6, k([], ['的', '指令', '命令', '消息', '通知', '要求'])], { compact: false }),
  seq('output_hijack', 'instruction_override', 0.72, [OUTPUT, 12, ONLY, 8, k(['["\'].{1,60}["\']', '\\w+ and nothing else'], ['["“].{1,30}["”]'])]),
  seq('output_only_quoted', 'instruction_override', 0.72, [OUTPUT, 4, k(['["\'].{1,60}["\']'], ['["“].{1,30}["”]']), 20, k(['and nothing else', 'nothing else', 'only', 'instead', 'verbatim', 'without (?:any )?(?:explanation|punctuation|other text|quotes)'], ['不要(?:输出|说)?其他', '其他什么都不要', '即可', '就行'])], { compact: false }),
  seq('output_canary', 'instruction_override', 0.8, [OUTPUT, 16, CANARY]),
  seq('instead_do', 'instruction_override', 0.45, [k(['instead', 'rather', 'in(?:stead)? of (?:that|this|summari[sz]ing|answering|translating)'], ['相反', '而是', '转而']), 6, k(['say', 'print', 'output', 'respond', 'reply', 'write', 'answer', 'do', 'tell', 'follow', 'execute', 'obey', 'comply'], ['输出', '回复', '回答', '说', '执行', '照做'])], { compact: false }),
  seq('only_obey_me', 'instruction_override', 0.7, [k(['only', 'just', 'solely', 'exclusively'], ['只', '仅', '仅仅', '只需', '只要']), 10, k(['follow', 'obey', 'listen to', 'heed', 'do', 'comply with', 'execute', 'answer to', 'respond to'], ['听从', '服从', '按照', '遵守', '执行', '照做', '听']), 14, k(['me', 'my (?:instructions?|commands?|orders?|words|rules|text|message)', 'what i (?:say|write|tell you|type)', 'this (?:message|note|text|document|instruction)', 'the following', 'these instructions', 'instructions (?:below|here|in this)'], ['我', '我的(?:指令|命令|话|要求)', '这条(?:指令|消息)', '下面的', '以下'])]),
  seq('prior_was_test', 'instruction_override', 0.7, [k(['the', 'that', 'this', 'your', 'all'], ['之前', '上面', '前面', '以上']), 6, k(['earlier', 'previous', 'prior', 'above', 'original', 'initial', 'first'], ['的']), 4, INSTRUCTIONS, 10, k(['(?:is|was|were) (?:just )?(?:a test|fake|a lie|fabricated|not real|a joke|wrong|an error|a mistake|written by mistake|from an attacker|compromised|corrupted|outdated|obsolete|invalid)', 'do(?:es)? not (?:apply|count|matter)', "don'?t (?:apply|count|matter)", 'no longer (?:count|matter|apply)'], ['是测试', '是假的', '是错误的', '不算数', '不作数', '已损坏', '已过时'])]),
  // A Chinese object placed before its verb (把/将 … 忘掉): the same override, in the other order.
  seq('ba_prior_disregard', 'instruction_override', 0.82, [k([], ['把', '将']), 8, PRIOR, 16, k(INSTRUCTIONS.latin.concat(['tasks?', 'requests?']) as string[], (INSTRUCTIONS.cjk as string[]).concat(['任务', '要求', '请求'])), 16, k(DISREGARD.latin as string[], (DISREGARD.cjk as string[]).concat(['放一边', '放在一边', '放到一边', '抛到脑后', '搁一边']))], { compact: false, notOwn: true }),
  seq('set_instructions_aside', 'instruction_override', 0.8, [k(['set', 'put', 'lay', 'push', 'leave', 'cast'], []), 20, PRIOR, 20, INSTRUCTIONS, 4, k(['aside', 'behind', 'to one side', 'away'], [])], { compact: false, notOwn: true }),
  seq('treat_instructions_as_void', 'instruction_override', 0.72, [k(['treat', 'regard', 'consider', 'count', 'take'], ['当作', '视为', '看作', '当成']), 30, k(['as', 'like'], ['为', '作', '成']), 8, NULLIFIED], { compact: false, notOwn: true }),
  seq('task_hijack_instead', 'instruction_override', 0.62, [DISREGARD, 30, k(['tasks?', 'requests?', 'questions?', 'assignments?', 'jobs?', 'what you were (?:doing|asked|told)'], ['任务', '请求', '问题', '工作', '要求']), 40, k(['instead', 'rather', 'and (?:now |then )?(?:write|compose|reply|say|output|tell|post|send|print|answer)'], ['改成', '改为', '转而', '换成', '而是', '然后'])], { compact: false, notOwn: true }),
  seq('decode_and_follow', 'instruction_override', 0.72, [DECODE, 40, k(['and', 'then', 'also', ',', 'after that', 'afterwards'], ['并', '然后', '再', '，', '之后']), 8, FOLLOW]),

  // Role reassignment.
  seq('you_were_reassigned', 'role_reassignment', 0.82, [YOU, 4, k(['have been', 'were', 'are', 'got', "'ve been", 've been', 'now'], ['已被', '被', '已经被', '现在被']), 6, k(['reassigned', 'reprogrammed', 'repurposed', 'reconfigured', 're-?tasked', 'redefined', 're-?set (?:to|as|into)', 'rebooted (?:as|into)', 'switched (?:to|into)', 'converted (?:to|into)', 'turned into', 'recast as', 'replaced (?:by|with)'], ['重新设定', '重新定义', '设定为', '设定成', '改造为', '重置为', '重新编程', '切换为', '改为', '重新配置', '改造成'])]),
  seq('game_you_are', 'role_reassignment', 0.62, [k(["let'?s play", 'a game (?:where|in which)', 'the game (?:where|in which)', 'this game (?:where|in which)', "we'?re (?:going to )?play(?:ing)?", 'new game'], ['玩个游戏', '玩一个游戏', '来玩个', '做个游戏', '玩个角色扮演', '玩角色扮演']), 40, YOU, 6, k(['are', "'re", 're', 'will be', 'play', 'become', 'pretend', 'act'], ['是', '扮演', '当', '成为'])], { compact: false }),
  seq('now_you_are_persona', 'role_reassignment', 0.7, [NOW, 4, YOU, 3, BE, 18, k(["an? (?:\\w+ )?(?:ai|assistant|bot|model|chatbot|character|persona|entity|program|terminal|shell|console|interpreter|agent|representative|hacker|version)", "the (?:\\w+'?s? )?(?:\\w+'?s? )?(?:official )?(?:assistant|agent|representative|administrator|admin|operator|owner|support)", 'named', 'called', 'known as', 'in (?:\\w+ )?mode'], ['ai', '人工智能', '助手', '机器人', '模型', '角色', '名叫', '叫做', '黑客', '终端', '客服', '代理'])], { compact: false }),
  seq('you_now_serve_as', 'role_reassignment', 0.7, [YOU, 3, k(['now', 'will now', 'henceforth', 'from now on', 'instead'], ['现在', '从现在起', '从此']), 3, k(['serve as', 'work as', 'function as', 'operate as', 'act as', 'work for', 'serve', 'answer to'], ['充当', '担任', '作为', '为'])]),
  seq('roleplay_mode_on', 'role_reassignment', 0.72, [ROLEPLAY, 40, AMBIGUOUS_MODE, 2, MODE, 20, k(['enabled', 'activated', 'turned on', 'switched on', 'unlocked', 'on', 'engaged', 'active'], ['开启', '启用', '激活', '打开', '解锁'])], { compact: false }),
  seq('roleplay_for_secrets', 'policy_bypass', 0.66, [ROLEPLAY, 60, k(['(?:windows |product |license |licence |serial |activation |cd )keys?', 'serial numbers?', 'activation codes?', 'credit card numbers?', 'napalm', 'how to (?:make|build|synthesi[sz]e) (?:a )?(?:bomb|weapon|explosive|drug|meth)'], ['激活码', '序列号', '产品密钥', '密钥'])], { compact: false }),
  seq('you_are_now_unbound', 'role_reassignment', 0.88, [YOU, 3, NOW, 3, BE, 30, UNBOUND]),
  seq('now_you_are_unbound', 'role_reassignment', 0.88, [NOW, 4, YOU, 3, BE, 30, UNBOUND]),
  seq('you_are_now_persona', 'role_reassignment', 0.75, [YOU, 2, k(['are', "'re", 're', 'will be', 'shall be', 'become', 'have become'], ['是', '成为', '变成', '扮演']), 2, k(['now', 'henceforth', 'from now on', 'hereby', 'going to be', 'officially', 'about to be'], ['现在', '从现在(?:起|开始)', '从此', '今后']), 18, k(['an? (?:\\w+ )?ai', 'an? (?:\\w+ )?(?:assistant|bot|model|chatbot|character|persona|entity|program)', 'named', 'called', 'known as', 'dan', 'stan', 'in (?:\\w+ )?mode', 'an? hacker', 'sentient', 'conscious', 'an? (?:\\w+ )?(?:terminal|shell|console|interpreter|compiler|database)'], ['ai', '人工智能', '助手', '机器人', '模型', '角色', '名叫', '叫做', '黑客', 'dan', '终端'])]),
  seq('no_longer_assistant', 'role_reassignment', 0.85, [YOU, 3, k(['are no longer', "'re no longer", 're no longer', 'are not', "'re not", 're not', "aren'?t", 'will no longer be', 'stop being', 'cease to be', 'used to be'], ['不再是', '已经不是', '已不再是', '不是']), 10, k(['an? ai', 'an? (?:\\w+ )?assistant', 'chatgpt', 'claude', 'gpt', 'a language model', 'an llm', 'a chatbot', 'bound', 'restricted', 'limited', 'required', 'helpful', 'an? (?:\\w+ )?model', 'constrained'], ['ai', '人工智能', '助手', '机器人', '模型', '受限', '语言模型'])]),
  seq('roleplay_unbound', 'role_reassignment', 0.82, [ROLEPLAY, 40, UNBOUND]),
  seq('mode_switch', 'role_reassignment', 0.82, [ACTIVATE, 14, LIMITLESS_MODE, 4, MODE]),
  seq('you_mode_switch', 'role_reassignment', 0.75, [YOU, 20, ACTIVATE, 14, AMBIGUOUS_MODE, 4, MODE]),
  seq('mode_switch_unbound', 'role_reassignment', 0.78, [ACTIVATE, 14, AMBIGUOUS_MODE, 4, MODE, 40, k(UNBOUND.latin.concat(['(?:and |then )?(?:confirm|reply|respond|say|answer|acknowledge)']) as string[], (UNBOUND.cjk as string[]).concat(['并(?:回复|确认|回答)', '然后(?:回复|确认|回答)']))], { compact: false }),
  seq('ambiguous_mode_switch', 'role_reassignment', 0.35, [ACTIVATE, 14, AMBIGUOUS_MODE, 4, MODE], { compact: false }),
  seq('limitless_mode_named', 'role_reassignment', 0.6, [k(['dan', 'jailbreak', 'jailbroken', 'god', 'unrestricted', 'unfiltered', 'uncensored', 'evil', 'chaos', 'no-?limits?', 'anti-?dan', 'stan', 'dude', 'aim', 'omega'], ['越狱', '上帝', '无限制', '不受限', '无审查', '邪恶', 'dan']), 2, MODE, 12, k(['enabled', 'activated', 'on', 'engaged', 'unlocked', 'active', 'initiated', 'started', ':', 'prompt'], ['已开启', '已启用', '已激活', '开启', '启用', '：', ':'])]),
  seq('do_anything_now', 'role_reassignment', 0.85, [k(['do anything now', 'can do anything now', 'doing anything now'], ['现在可以做任何事', '可以做任何事情'])]),
  seq('new_role', 'role_reassignment', 0.8, [k(['your', 'ur'], ['你的']), 4, NEW, 4, k(['role', 'persona', 'identity', 'name', 'purpose', 'job', 'goal', 'objective', 'mission', 'function', 'character', 'personality', 'owner', 'master', 'creator', 'instructions?', 'task'], ['角色', '身份', '名字', '目标', '任务', '使命', '人格', '主人', '人设', '设定'])]),
  seq('your_role_is', 'role_reassignment', 0.5, [k(['your', 'ur'], ['你的']), 3, k(['role', 'persona', 'identity', 'purpose', 'true (?:self|nature|purpose)', 'real (?:self|name|purpose)', 'only (?:goal|purpose|job)'], ['角色', '身份', '人设', '真实身份', '唯一目标', '唯一任务']), 6, k(['is', 'are', 'will be', 'shall be', 'has changed', 'now', 'changes', ':'], ['是', '为', '变成', '改为', '：', ':'])], { compact: false }),
  seq('break_character', 'role_reassignment', 0.7, [k(['break', 'drop', 'exit', 'leave', 'step out of', 'abandon', 'forget', 'stop'], ['脱离', '跳出', '打破', '放下', '忘记', '抛弃']), 12, k(['character', 'your (?:role|persona|identity|act)', 'the (?:act|persona|role)', 'being an? (?:ai|assistant|model)', 'who you are', 'your (?:programming|training)'], ['角色', '人设', '设定', '身份', '你是谁'])]),
  seq('you_are_now_zh', 'role_reassignment', 0.8, [k([], ['你现在是', '你现在扮演', '你现在的身份是', '你的新身份是', '你的新角色是', '从现在(?:起|开始)你(?:就)?是', '从现在(?:起|开始)(?:，|,)?你(?:将|要|会)?(?:扮演|成为|作为)', '你不再是', '现在你是', '你将扮演', '你要扮演', '请你扮演', '请扮演', '扮演一个', '假装你是', '假设你是', '想象你是', '你已经不是', '你已不再是', '你的名字(?:现在)?是', '你将成为', '你现在变成']), 24, k(['ai', 'dan', 'gpt'], ['人工智能', '助手', '机器人', '模型', '角色', '没有', '不受', '无限制', '不受限制', '无约束', '越狱', '邪恶', '黑客', '自由', '不再受', '任何', '开发者', '管理员', '真人', '人类', '权限', '规则', '限制', '约束'])], { compact: false }),
  seq('grant_privileges', 'role_reassignment', 0.72, [k(['grant(?:ing)?', 'giv(?:e|ing)', 'elevat(?:e|ing)', 'escalat(?:e|ing)', 'unlock(?:ing)?', 'enabl(?:e|ing)', 'assign(?:ing)?'], ['授予', '给予', '提升', '解锁', '开放', '赋予']), 10, k(['you', 'yourself', 'your', 'the (?:assistant|ai|model)'], ['你', '你的']), 10, k(['root', 'admin(?:istrator)?', 'sudo', 'superuser', 'full', 'unrestricted', 'elevated', 'developer', 'god', 'highest', 'unlimited', 'master'], ['管理员', '最高', '超级', '全部', '无限', 'root', '开发者']), 6, k(['access', 'privileges?', 'rights', 'permissions?', 'mode', 'powers?', 'clearance', 'level'], ['权限', '访问', '权力', '模式'])]),

  // Prompt or secret exfiltration.
  seq('memory_to_url', 'exfiltration', 0.8, [k(['summari[sz]e', 'paste', 'list', 'dump', 'collect', 'gather', 'compile', 'copy', 'export', 'take', 'send', 'post', 'upload', 'forward'], ['总结', '列出', '整理', '收集', '汇总', '复制', '导出', '发送', '上传']), 40, k(['(?:your |the )?memor(?:y|ies)', 'you (?:know|remember|have (?:stored|saved|on file))', '(?:the )?(?:chat|conversation) history', 'this (?:conversation|chat)', 'the (?:conversation|chat|transcript)'], ['记忆', '聊天记录', '对话记录', '这段对话', '对话内容', '历史记录']), 80, k(['to', 'into', 'at', 'on'], ['到', '至', '进']), 4, k(['https?:\\/\\/\\S+', 'the (?:link|url|address|endpoint|webhook) below'], ['https?:\\/\\/\\S+', '链接', '网址'])], { compact: false }),
  seq('reveal_what_is_confidential', 'exfiltration', 0.76, [REVEAL, 40, k(['(?:told|asked|instructed) (?:you )?to keep (?:\\w+ )?(?:confidential|secret|private|hidden)', 'to keep (?:\\w+ )?(?:confidential|secret|private|hidden)', 'not to (?:share|reveal|tell|disclose)'], ['要求保密', '让你保密', '不要透露的', '不能透露的', '保密的内容'])], { compact: false, notAfter: `${THIRD_PARTY_SUBJECT}|${NEGATED}` }),
  seq('ba_data_attached', 'exfiltration', 0.74, [k([], ['把', '将']), 6, k([], ['用户', '他的', '她的', '对方', '客户', '这段对话', '对话', '聊天记录', '会话', '上下文', '你的']), 24, k([], ['附在', '附上', '加在', '放在', '贴在', '拼进', '拼到', '拼接到', '嵌入', '插入', '填进', '加到', '编码到', '放进'])], { compact: false }),
  seq('ba_secret_revealed', 'exfiltration', 0.8, [k([], ['把', '将']), 4, k(['passwords?', 'secrets?', 'api ?keys?', 'tokens?', 'credentials?'], ['用户', '所有', '全部', '你的', '系统', '他的', '她的', '你最开始', '你最初', '你一开始', '你原始']), 16, k(SECRETS.latin.concat(['passwords?']) as string[], (SECRETS.cjk as string[]).concat(['设定', '提示', '指令', '原文'])), 16, REVEAL], { compact: false }),
  seq('reveal_system_text', 'exfiltration', 0.88, [REVEAL, 30, SYSTEM_TEXT], { notAfter: `${THIRD_PARTY_SUBJECT}|${NEGATED}` }),
  seq('system_text_request_zh', 'exfiltration', 0.85, [SYSTEM_TEXT, 16, k([], ['是什么', '发给我', '告诉我', '输出', '打印', '显示', '全部内容', '完整内容', '原文', '逐字'])], { compact: false }),
  seq('repeat_from_start', 'exfiltration', 0.8, [k(['repeat', 'print', 'output', 'copy', 'echo', 'write', 'recite', 'reproduce', 'quote'], ['重复', '复述', '输出', '打印', '复制']), 20, k(['(?:words|text|everything|all|lines|the text|the words|content) (?:above|before|so far|at the (?:start|top|beginning))', 'starting (?:with|from)', 'from the (?:start|beginning|top)', 'after ["\']?you are', 'beginning with'], ['从头', '从开头', '从第一句', '开头的'])]),
  seq('reveal_secrets', 'exfiltration', 0.5, [REVEAL, 20, k(['your', 'the', 'all', 'any', 'stored', 'saved', 'hidden', 'secret', 'internal', 'admin', 'system', 'root', 'their', "the user'?s", "users'?", 'every'], ['你的', '所有', '全部', '系统', '管理员', '隐藏的', '保存的', '存储的', '用户的']), 10, SECRETS]),
  seq('secrets_to_destination', 'exfiltration', 0.92, [k(SECRETS.latin.concat(USER_DATA.latin) as string[], SECRETS.cjk.concat(USER_DATA.cjk) as string[]), 60, k(['to', 'at', 'into', 'via', 'using', 'through', 'on', 'in'], ['到', '至', '给', '发往', '传到', '发到']), 16, DESTINATION], { compact: false }),
  seq('send_data_out', 'exfiltration', 0.88, [SEND, 40, k(SECRETS.latin.concat(USER_DATA.latin) as string[], SECRETS.cjk.concat(USER_DATA.cjk) as string[]), 60, DESTINATION], { compact: false }),
  seq('send_user_data', 'exfiltration', 0.62, [SEND, 30, USER_DATA], { compact: false, clause: true }),
  seq('data_to_me', 'exfiltration', 0.75, [k(SECRETS.latin.concat(USER_DATA.latin) as string[], SECRETS.cjk.concat(USER_DATA.cjk) as string[]), 24, k([], ['发给我', '告诉我', '给我', '发我', '传给我', '发送给我', '私信我'])], { compact: false }),
  seq('me_the_data', 'exfiltration', 0.75, [k(['send', 'give', 'show', 'tell', 'forward', 'e-?mail', 'text', 'dm', 'read'], ['发给', '告诉', '给']), 2, k(['me', 'us'], [ME_NOT_MY, '我们']), 12, k(SECRETS.latin.concat(USER_DATA.latin) as string[], SECRETS.cjk.concat(USER_DATA.cjk) as string[])], { compact: false }),
  seq('route_all_replies', 'exfiltration', 0.8, [k(['all', 'every', 'each', 'any'], ['所有', '每一?条', '每一?封', '全部']), 4, k(['replies', 'reply', 'responses?', 'answers?', 'messages?', 'conversations?', 'chats?', 'e-?mails?', 'outputs?', 'inputs?', 'questions?', 'queries'], ['回复', '回答', '消息', '对话', '聊天', '邮件', '问题', '输出']), 40, SEND, 24, DESTINATION], { compact: false, notOwn: true }),
  seq('tell_secret_to_them', 'exfiltration', 0.6, [k([], ['把', '将']), 10, SECRETS, 10, k([], ['告诉', '发给', '透露给', '交给', '给'])], { compact: false, notAfter: `${NEGATED}|${REPORTED}` }),
  seq('destination_first_zh', 'exfiltration', 0.85, [k([], ['把', '将']), 12, k(SECRETS.latin.concat(USER_DATA.latin) as string[], SECRETS.cjk.concat(USER_DATA.cjk) as string[]), 30, SEND, 20, DESTINATION], { compact: false }),
  raw('markdown_image_exfil', 'exfiltration', 0.88, '!\\[[^\\]]{0,100}\\]\\(\\s*https?:\\/\\/[^)\\s]{0,300}[?&#][^)\\s]{0,200}(?:\\{|\\[|<|%7b|%5b|\\$|data|secret|key|token|password|history|conversation|memory|prompt|chat|session|q=|d=)'),
  seq('append_to_url', 'exfiltration', 0.82, [k(['append', 'add', 'attach', 'include', 'embed', 'put', 'insert', 'encode', 'place', 'concatenate'], ['附加', '添加', '拼接', '放进', '放到', '嵌入', '编码']), 40, k(['to', 'in', 'into', 'as', 'inside'], ['到', '进', '在']), 12, k(['(?:the|this|a|an|that) (?:url|link|query(?: string| parameter)?|image(?: url| link)?|request|parameter|address|src)', 'query parameters?', 'the end of (?:the|this) (?:url|link)', 'https?:\\/\\/\\S+'], ['网址', '链接', '参数', '请求', '图片地址'])]),
  seq('list_secrets_zh', 'exfiltration', 0.6, [k([], ['告诉我', '给我', '发给我', '说出', '透露', '输出', '泄露']), 10, SECRETS], { compact: false }),

  // Persistence aimed at the memory.
  seq('store_and_never_erase', 'persistence', 0.72, [STORE, 40, NEVER, 4, ERASE_BLOCK, 4, k(['it', 'this', 'them', 'that'], ['它', '这条', '此'])], { compact: false }),
  seq('outlive_the_session', 'persistence', 0.72, [k(['outlive', 'survive', 'persist (?:beyond|past|after|across)', 'carry (?:over|across) (?:to|into)', 'stay (?:after|beyond|past)'], ['跨会话', '会话结束后(?:仍|也)']), 12, k(['sessions?', 'conversations?', 'chats?', 'resets?', 'context'], ['会话', '对话', '聊天', '保留']), 60, EVERY_FUTURE], { compact: false }),
  seq('store_as_top_rule_zh', 'persistence', 0.74, [STORE, 12, MEMORY_NOUN, 20, k([], ['作为', '当作', '当成', '设为']), 12, k([], ['最高优先级', '最高', '核心', '系统', '永久', '优先']), 8, RULE_NOUN], { compact: false }),
  seq('remember_then_direct', 'persistence', 0.55, [k(['remember', 'memori[sz]e', 'store', 'save', 'keep in mind', 'note'], ['永久记住', '永远记住', '牢牢记住', '请记住', '记住']), 30, k(EVERY_FUTURE.latin.concat(['if', 'when', 'whenever']) as string[], (EVERY_FUTURE.cjk as string[]).concat(['如果', '当'])), 60, DIRECT], { compact: false, notOwn: true }),
  seq('store_as_rule', 'persistence', 0.72, [STORE, 30, k(['as', 'into', 'in', 'to'], ['为', '成', '作为', '进', '入', '到']), 10, k(['an?', 'your', 'the', 'my'], ['一条', '你的']), 6, k(['permanent', 'new', 'standing', 'core', 'system', 'global', 'top[- ]priority', 'persistent', 'default', 'lasting', 'fixed', 'hard', 'mandatory', 'binding'], ['永久', '新的?', '核心', '系统', '全局', '最高', '默认', '固定', '强制', '长期']), 6, RULE_NOUN]),
  seq('store_instruction_future', 'persistence', 0.78, [STORE, 30, RULE_NOUN, 50, EVERY_FUTURE], { compact: false }),
  seq('instruction_persists', 'persistence', 0.72, [k(['this', 'these', 'the following', 'that', 'my'], ['这条', '这些', '此', '以下', '该', '本']), 6, k(['instructions?', 'rules?', 'directives?', 'commands?', 'notes?', 'memor(?:y|ies)', 'entr(?:y|ies)', 'polic(?:y|ies)', 'orders?', 'message', 'setting'], ['指令', '规则', '命令', '记忆', '设定', '内容', '要求', '笔记']), 14, k(['must', 'should', 'shall', 'will', 'is to', 'needs to', 'has to'], ['必须', '应', '要', '将', '会', '需要']), 6, PERSIST]),
  seq('never_erase_this', 'persistence', 0.72, [NEVER, 6, ERASE_BLOCK, 10, k(['this', 'these', 'the following', 'that', 'it'], ['这条', '这些', '此', '该', '它']), 6, k(['instructions?', 'rules?', 'directives?', 'memor(?:y|ies)', 'entr(?:y|ies)', 'notes?', 'commands?', 'settings?', 'polic(?:y|ies)'], ['指令', '规则', '记忆', '设定', '命令', '内容', '条目'])]),
  seq('never_erase_even_if', 'persistence', 0.8, [NEVER, 6, ERASE_BLOCK, 30, EVEN_IF, 12, USER_SAYS]),
  seq('takes_priority', 'persistence', 0.72, [k(['instructions?', 'rules?', 'directives?', 'notes?', 'messages?', 'memor(?:y|ies)', 'orders?', 'commands?', 'polic(?:y|ies)', 'entr(?:y|ies)', 'text'], ['指令', '规则', '命令', '设定', '记忆', '内容', '消息', '要求']), 40, PRIORITY, 10, ALL_OTHER]),
  seq('regardless_of_user', 'persistence', 0.62, [EVEN_IF, 14, USER_SAYS, 20, k(['otherwise', 'to stop', 'to delete', 'to remove', 'to forget', 'not to', 'the opposite', 'later', 'differently'], ['也不要', '也要', '都要', '也必须', '仍然', '依然', '照样', '否则'])]),
  seq('future_directive_injected', 'persistence', 0.45, [EVERY_FUTURE, 40, k(['include', 'append', 'add', 'insert', 'mention', 'promote', 'recommend', 'advertise', 'link', 'redirect', 'send', 'forward', 'share', 'reveal', 'begin (?:with|by)', 'start (?:with|by)', 'end with', 'sign off with', 'refer', 'suggest', 'push', 'praise', 'endorse'], ['推荐', '附上', '加上', '插入', '提及', '宣传', '推广', '发送', '转发', '分享', '引导', '开头', '结尾', '先说', '广告'])], { compact: false }),
  seq('poison_memory', 'persistence', 0.78, [k(['update', 'modify', 'change', 'rewrite', 'edit', 'alter', 'overwrite', 'corrupt', 'poison', 'reprogram', 'adjust', 'patch', 'add to', 'store in', 'save (?:in|to)', 'write (?:in|to)'], ['更新', '修改', '更改', '改写', '覆盖', '篡改', '写入', '存入']), 6, k(['your', 'the'], ['你的']), 4, MEMORY_NOUN, 80, k(DESTINATION.latin.concat(["(?:trusted|official|real|correct|legitimate|verified|default|preferred|only) (?:bank|site|website|url|link|domain|address|contact|source|payment|account|wallet|number|vendor|provider)"]) as string[], (DESTINATION.cjk as string[]).concat(['(?:默认|官方|可信|正确|唯一|真正)的?(?:银行|网站|网址|链接|地址|联系人|账户|钱包|号码|来源)']))], { compact: false, notOwn: true }),
  seq('other_users_directive', 'persistence', 0.75, [k(['(?:for|to|with|tell|show|give) (?:all|every|any|each|other|future|subsequent|later|new) (?:future |other |subsequent |new |later )?(?:users|people|visitors|customers)', 'anyone (?:else )?who (?:asks|talks|chats|uses|messages)', 'every (?:user|person|customer|visitor) (?:who|that)', 'all (?:future|other|subsequent) (?:users|sessions|conversations)'], ['(?:所有|每个|每一个|任何|其他)(?:的)?(?:未来的?|其他的?|新的?)?(?:用户|人|访客|客户)']), 60, k(DIRECT.latin.concat(['begin', 'start', 'end', 'reveal', 'share', 'give', 'send', 'show', 'tell']) as string[], (DIRECT.cjk as string[]).concat(['透露', '分享', '发送', '展示', '都要', '都必须']))], { compact: false }),
  seq('update_memory_to', 'persistence', 0.42, [k(['update', 'modify', 'change', 'rewrite', 'edit', 'alter', 'overwrite', 'corrupt', 'poison', 'reprogram', 'adjust', 'patch'], ['更新', '修改', '更改', '改写', '覆盖', '篡改', '污染']), 6, k(['your', 'the'], ['你的']), 4, MEMORY_NOUN, 12, k(['so', 'to', 'that', 'with', ':', 'such that', 'in order'], ['让', '使', '为', '：', ':', '以便'])], { compact: false }),
  seq('store_in_memory', 'persistence', 0.3, [STORE, 20, k(['in', 'into', 'to'], ['进', '入', '到']), 6, k(['your', 'the'], ['你的']), 6, MEMORY_NOUN], { compact: false }),
  seq('apply_to_all_future', 'persistence', 0.7, [k(['apply', 'use', 'follow', 'obey', 'enforce', 'execute', 'carry'], ['应用', '执行', '遵守', '遵循', '坚持']), 12, k(['it', 'this', 'these', 'them', 'the (?:rule|instruction|directive)s?'], ['它', '这条', '此', '这些', '该']), 30, FUTURE_SESSIONS]),
  seq('future_sessions_zh', 'persistence', 0.6, [k([], ['以后', '之后', '今后', '往后', '将来', '未来', '从今以后', '后续']), 5, k([], ['所有', '每次', '每一次', '每个', '每一个', '全部', '任何']), 4, k([], ['对话', '会话', '聊天', '回答', '回复', '交流', '用户']), 24, k([], ['都要', '都必须', '都得', '都会', '必须', '一律', '都需要', '都应', '都'])], { compact: false }),
  seq('permanent_memory_zh', 'persistence', 0.66, [STORE, 10, k([], ['永久', '永远', '长期', '牢牢']), 10, MEMORY_NOUN], { compact: false }),
  seq('permanently_store_zh', 'persistence', 0.7, [k([], ['永久', '永远', '长期', '一直', '牢牢']), 6, STORE, 14, MEMORY_NOUN], { compact: false }),
  seq('rule_stored_permanently', 'persistence', 0.72, [RULE_NOUN, 14, k(['permanently', 'forever', 'for good', 'indefinitely'], ['永久', '永远', '长期', '一直']), 8, k(STORE.latin.concat(['kept', 'stored', 'saved', 'valid', 'active', 'in effect']) as string[], (STORE.cjk as string[]).concat(['保留', '有效', '生效', '存进', '存到', '执行']))], { compact: false }),
  seq('save_as_core_rule_zh', 'persistence', 0.72, [k([], ['作为', '当作', '当成', '设为', '设置为', '变成']), 4, k([], ['一条', '你的'])  , 4, k([], ['永久', '核心', '最高', '默认', '全局', '系统', '固定', '长期']), 4, RULE_NOUN, 10, k([], ['保存', '记住', '存入', '写入', '执行', '存储', '遵守'])], { compact: false }),
  seq('never_change_zh', 'persistence', 0.5, [k([], ['永远不要', '永远别', '绝不要', '绝对不要', '不许', '不得', '不准', '永不']), 2, k([], ['删除', '修改', '更改', '忘记', '清除', '删掉', '覆盖']), 3, k([], ['$', '[。！，；]', '它', '这条', '此'])], { compact: false }),

  // Tool or action triggering.
  seq('invoke_tool', 'tool_triggering', 0.4, [INVOKE, 14, k(['the', 'a', 'an', 'this', 'that', 'your', 'following', 'its'], ['这个', '该', '以下', '你的']), 10, TOOL], { compact: false }),
  seq('invoke_tool_zh', 'tool_triggering', 0.4, [k([], ['调用', '触发', '启动', '运行', '执行', '使用']), 10, TOOL], { compact: false }),
  seq('invoke_tool_on_data', 'tool_triggering', 0.85, [INVOKE, 30, TOOL, 90, k(DESTINATION.latin.concat(SECRETS.latin, USER_DATA.latin, VICTIM_DATA.latin, AMOUNT.latin) as string[], (DESTINATION.cjk as string[]).concat(SECRETS.cjk, USER_DATA.cjk, VICTIM_DATA.cjk, AMOUNT.cjk))], { compact: false }),
  seq('invoke_tool_now', 'tool_triggering', 0.7, [INVOKE, 30, TOOL, 60, IMMEDIATE], { compact: false, notAfter: FIRST_PERSON_SUBJECT }),
  seq('now_invoke_tool', 'tool_triggering', 0.7, [IMMEDIATE, 10, INVOKE, 30, TOOL], { compact: false }),
  seq('invoke_destructive_tool', 'tool_triggering', 0.78, [INVOKE, 12, DESTROY, 24, TOOL], { compact: false }),
  raw('executable_link', 'tool_triggering', 0.5, 'https?:\\/\\/\\S+\\.(?:exe|msi|apk|dmg|pkg|sh|bat|cmd|ps1|scr|jar|vbs|js|hta|deb|rpm|appimage)(?![a-z0-9])'),
  seq('named_function_call', 'tool_triggering', 0.62, [INVOKE, 8, k(['[a-z]+_[a-z_]+(?:\\(|\\b)', '[a-z]+\\.[a-z_]+\\('], [])], { compact: false }),
  seq('run_code', 'tool_triggering', 0.72, [k(['run', 'execute', 'eval(?:uate)?', 'type', 'paste', 'enter', 'issue', 'launch', 'perform', 'carry out', 'do'], ['执行', '运行', '输入', '粘贴']), 12, CODE]),
  raw('shell_payload', 'tool_triggering', 0.55, SHELL_PAYLOAD),
  seq('run_shell_payload', 'tool_triggering', 0.88, [k(['run', 'execute', 'type', 'paste', 'enter', 'issue', 'perform', 'launch', 'invoke', 'call', 'use'], ['执行', '运行', '输入', '粘贴', '调用']), 60, SHELL_PAYLOAD], { compact: false }),
  raw('forged_tool_call', 'tool_triggering', 0.85, '<\\s*\\/?\\s*(?:tool_call|tool_calls|function_call|function_calls|tool_use|tool_code|invoke|antml:invoke|execute|run_tool|api_call|action)\\b[^>]{0,80}>'),
  raw('tool_call_json', 'tool_triggering', 0.72, '\\{\\s*"(?:tool|tool_name|function|function_call|tool_calls|action|name|recipient_name|command)"\\s*:\\s*(?:"[^"]{1,80}"|\\{)[^{}]{0,400}"(?:arguments|parameters|args|input|params|kwargs)"\\s*:'),
  seq('destroy_victim_data', 'tool_triggering', 0.72, [DESTROY, 14, VICTIM_DATA], { notAfter: FIRST_PERSON_SUBJECT }),
  seq('destroy_all_data', 'tool_triggering', 0.42, [DESTROY, 10, k(['all', 'every', 'each', 'everything'], ['所有', '全部', '一切']), 14, k(['files?', 'e-?mails?', 'messages?', 'data', 'databases?', 'records?', 'memor(?:y|ies)', 'backups?', 'repositor(?:y|ies)', 'accounts?', 'contacts', 'documents?', 'entries', 'tables'], ['文件', '邮件', '消息', '数据', '数据库', '记录', '记忆', '备份', '仓库', '账户', '联系人', '文档'])], { compact: false, notAfter: FIRST_PERSON_SUBJECT }),
  seq('destroy_everything_now', 'tool_triggering', 0.62, [DESTROY, 10, k(['all', 'every', 'everything', 'each', 'the entire', 'the whole'], ['所有', '全部', '一切', '整个']), 30, IMMEDIATE], { compact: false }),
  seq('move_money', 'tool_triggering', 0.45, [MONEY, 30, AMOUNT, 40, k(['to', 'into', 'towards', 'for'], ['到', '给', '至', '向', '转入']), 30, k(['account', 'wallet', 'iban', 'address', 'number', '\\d{4,}', 'card'], ['账户', '账号', '钱包', '卡号', '地址', '\\d{4,}'])], { compact: false }),
  seq('move_money_zh', 'tool_triggering', 0.62, [k([], ['向', '给', '往']), 12, k([], ['账户', '账号', '钱包', '卡号', '\\d{4,}']), 20, MONEY, 20, AMOUNT], { compact: false }),
  seq('money_now', 'tool_triggering', 0.72, [MONEY, 40, AMOUNT, 60, IMMEDIATE], { compact: false }),
  seq('send_all_messages', 'tool_triggering', 0.75, [SEND, 12, k(['all', 'every', 'each', 'the entire', 'the whole', 'the last \\w+'], ['所有', '全部', '每一?封', '每一?条']), 14, k(['e-?mails?', 'messages?', 'files?', 'documents?', 'contacts', 'attachments', 'records', 'notes', 'photos', 'chats?', 'conversations?'], ['邮件', '消息', '文件', '文档', '联系人', '通讯录', '附件', '记录', '照片', '聊天']), 40, DESTINATION], { compact: false }),
  seq('open_link_download', 'tool_triggering', 0.62, [k(['download', 'install', 'run', 'execute', 'open'], ['下载', '安装', '运行', '执行', '打开']), 20, k(['and (?:run|execute|install|open|download)', 'then (?:run|execute|install|open|download)', 'the (?:installer|executable|binary|payload|script|attachment|program|apk)'], ['并(?:运行|执行|安装|打开)', '然后(?:运行|执行|安装|打开)', '运行里面', '执行里面'])], { compact: false }),
  seq('visit_link_now', 'tool_triggering', 0.48, [k(['visit', 'open', 'click', 'go to', 'navigate to', 'browse to', 'load', 'fetch', 'follow', 'access', 'download'], ['访问', '打开', '点击', '前往', '下载', '浏览', '加载']), 24, k(['https?:\\/\\/\\S+', 'www\\.\\S+', 'this link', 'the link below', 'the following (?:link|url|site|page)'], ['https?:\\/\\/\\S+', '这个(?:链接|网址|网站)', '下面的(?:链接|网址)', '以下(?:链接|网址)'])], { compact: false }),
  seq('confirmation_skipped_then_act', 'tool_triggering', 0.6, [k(['without (?:asking|confirmation|confirming|checking|approval|permission)', 'skip(?:ping)? (?:all |the |any )?(?:confirmations?|approvals?|verifications?)(?: steps?)?', 'no confirmation'], ['无需确认', '不需要确认', '不用确认', '不经确认', '无需询问', '跳过确认', '不必确认']), 40, k(['send(?:ing)?', 'forward(?:ing)?', 'delet(?:e|ing)', 'transfer(?:ring)?', 'pay(?:ing|ments?)?', 'purchas(?:e|ing)', 'buy(?:ing)?', 'wir(?:e|ing)', 'approv(?:e|ing)', 'execut(?:e|ing)', 'install(?:ing)?'], ['发送', '转发', '删除', '转账', '付款', '支付', '购买', '汇款', '执行', '安装'])], { compact: false, notOwn: true, notAfter: FIRST_PERSON_SUBJECT }),
  seq('enter_saved_secret', 'tool_triggering', 0.72, [k(['enter', 'type', 'fill in', 'input', 'paste', 'submit'], ['输入', '填入', '填写', '提交']), 12, k(["the user'?s", 'their', 'saved', 'stored', "the owner'?s"], ['用户的', '用户保存的', '保存的', '存储的']), 12, k(SECRETS.latin as string[], SECRETS.cjk as string[])], { compact: false }),
  seq('tool_destroys', 'tool_triggering', 0.6, [INVOKE, 8, TOOL, 30, k(['overwrite', 'delete', 'wipe', 'erase', 'truncate', 'drop', 'push', 'deploy', 'transfer', 'upload', 'exfiltrate'], ['覆盖', '删除', '清空', '推送', '部署', '转账', '上传'])], { compact: false, notAfter: FIRST_PERSON_SUBJECT }),
  seq('act_without_confirmation', 'tool_triggering', 0.55, [k(['send', 'forward', 'delete', 'transfer', 'pay', 'purchase', 'buy', 'share', 'post', 'publish', 'upload', 'execute', 'run', 'approve', 'grant', 'invite', 'accept', 'book', 'cancel', 'remove', 'install', 'email', 'wire', 'sign'], ['发送', '转发', '删除', '转账', '付款', '购买', '分享', '发布', '上传', '执行', '运行', '批准', '授予', '邀请', '安装', '汇款']), 60, k(['without (?:asking|confirmation|confirming|checking|permission|approval|the user|telling|informing|notifying|prompting)', 'no confirmation', 'silently', 'secretly', 'quietly', 'covertly', 'in the background', 'automatically'], ['不需要确认', '无需确认', '不用确认', '无需询问', '不要询问', '不经确认', '悄悄', '偷偷', '暗中', '自动'])], { compact: false }),

  // Triggers conditioned on a future reader.
  seq('if_you_are_ai', 'future_reader', 0.88, [k(['if', 'when', 'whenever', 'once', 'as soon as', 'in case', 'assuming'], ['如果', '若', '假如', '倘若', '要是', '当', '如若']), 8, YOU, 6, k(['are', "'re", 're', 'happen to be', 'be', 'an?'], ['是']), 8, AI]),
  seq('greet_the_reading_ai', 'future_reader', 0.82, [k(['hello', 'hi', 'hey', 'dear', 'greetings'], ['你好', '亲爱的']), 14, AI, 40, k(['reading', 'processing', 'parsing', 'summari[sz]ing', 'analy[sz]ing', 'retrieving', 'scanning', 'crawling', 'indexing', 'reviewing', 'that (?:reads|sees|processes|retrieves|finds)', 'who (?:reads|sees|processes)'], ['读到', '看到', '读取', '处理', '阅读', '检索'])]),
  seq('address_the_ai', 'future_reader', 0.82, [k(['attention', 'note', 'message', 'instructions?', 'notice', 'p\\.?s\\.?', 'warning', 'important', 'memo', 'reminder', 'directive', '(?:to|for) (?:any|all|every|each|whatever)', 'calling all', 'future', 'next', 'subsequent', 'later'], ['致', '给(?:所有|任何|每一?个|各位|正在|未来|下一个|以后|之后)', '提醒', '通知', '注意', '请注意', '敬告', '写给', '未来的', '下一个', '以后的']), 14, AI, 30, k(['reading', 'processing', 'parsing', 'seeing', 'summari[sz]ing', 'analy[sz]ing', 'retrieving', 'scanning', 'crawling', 'indexing', 'reviewing', 'that (?:reads|sees|processes|retrieves|finds)', 'who (?:reads|sees|processes)', 'which (?:reads|processes)', ':', ',', 'here', 'out there'], ['读到', '看到', '读取', '处理', '阅读', '检索', '：', ':', '，', ',', '们'])]),
  seq('ai_reading_this_must', 'future_reader', 0.86, [AI, 30, READS, 12, k(['this', 'these', 'the', 'it', 'here'], ['这', '此', '本', '该']), 24, MUST]),
  seq('when_this_is_read', 'future_reader', 0.86, [k(['when', 'whenever', 'if', 'once', 'as soon as', 'the next time', 'next time', 'every time', 'each time', 'after'], ['当', '每当', '一旦', '下次', '如果', '若', '等到', '每次']), 16, THIS_TEXT, 6, TEXT_NOUN, 12, k(['is', 'are', 'gets?', 'has been', 'have been', 'was', 'were', 'being'], ['被', '给']), 6, READ_PASSIVE, 40, "(?:[,:;，：-]\\s*(?:please\\s+)?(?:you|ask|tell|say|send|remind|recommend|respond|reply|delete|forward|mention|insist|claim|inform|direct|redirect|include|share|reveal|print|output|show|execute|run|call|click|visit|open|transfer|pay|make|give|request|demand)(?![a-z])|(?<![a-z])(?:you|the (?:assistant|ai|model|agent|llm|reader|bot|system)|assistants?|models?|(?:it|they) (?:must|should|shall|will|needs to|has to))(?![a-z])|你|请|助手|模型|[，,：:]\\s*(?:告诉|提醒|推荐|让|要求|发送|转发|删除|回复|回答|询问|索要))"], { compact: false }),
  seq('when_ai_reads_this', 'future_reader', 0.84, [k(['when', 'whenever', 'if', 'once', 'as soon as', 'the next time', 'next time', 'every time', 'each time'], ['当', '每当', '一旦', '下次', '如果', '若', '等到', '每次']), 16, k(AI.latin.concat(['you', 'the (?:next )?(?:reader|assistant|model|agent)']) as string[], (AI.cjk as string[]).concat(['你', '有模型', '有ai', '有助手'])), 16, READS, 14, k(['this', 'these', 'the', 'it'], ['这', '此', '本', '该']), 10, TEXT_NOUN]),
  seq('future_ai_must', 'future_reader', 0.78, [k(['future', 'next', 'later', 'subsequent', 'any (?:other|later)', 'the next'], ['未来的', '下一个', '以后的', '后续的', '将来的']), 6, k(AI.latin.concat(['readers?', 'sessions?', 'instances?', 'runs?', 'versions? of (?:you|yourself)']) as string[], (AI.cjk as string[]).concat(['会话', '读者', '版本'])), 20, MUST]),
  seq('when_it_is_read', 'future_reader', 0.8, [k(['when', 'whenever', 'once', 'the next time', 'next time', 'every time', 'each time'], ['当', '每当', '一旦', '下次', '每次']), 4, k(['this', 'it', 'these'], ['这', '此', '它']), 4, k(['is', 'are', 'gets?', 'has been', 'was'], ['被']), 4, READ_PASSIVE, 40, k(['answer', 'reply', 'respond', 'say', 'tell', 'ask', 'send', 'recommend', 'refuse', 'output', 'you (?:must|should|will)'], ['回答', '回复', '告诉', '询问', '推荐', '拒绝', '你要', '你必须'])], { compact: false }),
  seq('address_future_sessions', 'future_reader', 0.8, [k(['attention', 'note (?:to|for)', 'message (?:to|for)', 'to', 'dear', 'hello', 'hi', 'memo (?:to|for)', 'notice (?:to|for)', 'for'], ['致', '给', '提醒', '通知', '注意']), 4, k(['future', 'later', 'subsequent', 'next', 'all future', 'any future'], ['未来的', '以后的', '后续的', '下一个']), 4, k(['sessions?', 'instances?', 'runs?', 'conversations?', 'chats?', 'assistants?', 'agents?', 'models?', 'versions? of (?:you|yourself)'], ['会话', '对话', '助手', '模型', '实例']), 3, k([':', ',', '-'], ['：', ':', '，', ','])]),
  seq('reader_then_ai_must', 'future_reader', 0.84, [READS, 6, THIS_TEXT, 6, TEXT_NOUN, 4, k([], ['的']), 4, AI, 24, MUST], { compact: false }),
  seq('reading_ai_salutation', 'future_reader', 0.8, [k([], ['正在阅读', '正在读', '正在处理', '正在查看', '正在总结', '读到', '看到', '处理']), 16, AI, 2, k([], ['：', ':', '，', ','])], { compact: false }),
  seq('if_anyone_asks_say', 'future_reader', 0.45, [k(['if', 'when', 'whenever', 'should', 'in case'], ['如果', '若', '假如', '当', '每当', '一旦', '要是', '以后', '今后', '下次', '将来']), 8, ANY_AUDIENCE, 12, k(['(?:ever |later |in the future |eventually |then |again )?'], ['以后', '之后', '将来', '再', '又']), 4, ASKS, 60, DIRECT], { compact: false }),
  seq('whoever_reads_this', 'future_reader', 0.6, [k(['whoever', 'whatever', 'anyone', 'any(?:body|one) who', 'everyone who', 'each (?:reader|system)', 'to the (?:reader|system|agent|model)'], ['无论谁', '任何(?:读到|看到)', '凡是(?:读到|看到)', '所有(?:读到|看到)']), 8, k(['reads', 'is reading', 'processes', 'sees', 'finds', 'retrieves', 'parses', 'summari[sz]es'], ['读到', '看到', '读取', '处理']), 10, k(['this', 'these', 'the'], ['这', '此', '本']), 30, MUST]),

  // Policy or filter bypass.
  seq('safety_switched_off', 'policy_bypass', 0.6, [k(['safety', 'safety (?:filters?|checks?|rules|settings|guidelines)', 'content (?:filters?|polic(?:y|ies)|moderation)', 'filters', 'guardrails', 'safeguards', 'moderation', 'censorship'], ['安全', '安全过滤', '内容过滤', '审查', '过滤', '安全限制', '防护']), 12, k(['are', 'is', 'have been', 'has been', 'were', 'was', 'now'], ['已', '已经', '被', '都']), 4, k(['disabled', 'off', 'turned off', 'switched off', 'removed', 'lifted', 'suspended', 'deactivated', 'waived', 'bypassed'], ['关闭', '禁用', '解除', '取消', '关掉'])], { compact: false }),
  seq('rules_do_not_apply_to_you', 'policy_bypass', 0.78, [LIMIT_WORDS, 12, k(["do not", "don'?t", 'does not', "doesn'?t", 'no longer', 'never'], ['不', '不再', '并不']), 4, k(['apply', 'applies', 'matter', 'count', 'bind', 'hold'], ['适用', '约束', '算数']), 6, k(['to you', 'for you', 'in this (?:sandbox|chat|conversation|session|mode|context|test)', 'here'], ['于你', '对你', '在这里', '在这个'])], { compact: false }),
  seq('test_so_rules_off', 'policy_bypass', 0.75, [k(['red[- ]?team(?:ing)?', 'authori[sz]ed (?:test|exercise|audit|pentest|request)', 'penetration test', 'pentest', 'security (?:test|audit|exercise)', 'research purposes'], ['红队', '授权测试', '渗透测试', '安全测试', '研究目的']), 40, k(['so', 'therefore', 'thus', 'which means', 'hence'], ['所以', '因此', '因而', '故']), 30, k(LIMITS.latin.concat(["(?:do not|don'?t) apply", 'are waived', 'are lifted', 'you (?:can|may) (?:ignore|skip|answer)']) as string[], (LIMITS.cjk as string[]).concat(['不适用', '可以无视', '不受限制', '可以忽略']))], { compact: false }),
  seq('as_if_no_policy', 'policy_bypass', 0.75, [ANSWER, 20, k(['as if', 'as though', 'like'], ['就像', '仿佛', '假装', '当作']), 24, LIMIT_WORDS, 16, k(['had never', 'never (?:existed|been written|applied)', 'did not exist', "didn'?t exist", '(?:were|was) (?:gone|off|disabled|lifted|never)', 'do not exist', "don'?t exist"], ['不存在', '从未存在', '没有'])], { compact: false }),
  seq('limits_waived_so_answer', 'policy_bypass', 0.72, [LIMIT_WORDS, 6, k(['are', 'is', 'have been', 'has been'], ['已', '已经', '被']), 4, k(['waived', 'lifted', 'suspended', 'disabled', 'removed', 'off', 'void', 'gone', 'relaxed'], ['解除', '取消', '暂停', '关闭']), 20, k(['so (?:you )?(?:can |may |should |must )?(?:answer|explain|respond|tell|describe|reply|help|comply|continue|go ahead|proceed)', 'and you (?:can|may|should)'], ['所以你可以', '因此你可以', '请直接'])], { compact: false }),
  seq('defeat_safety', 'policy_bypass', 0.88, [DEFEAT, 24, SAFETY]),
  seq('answer_without_limits', 'policy_bypass', 0.82, [ANSWER, 30, WITHOUT, 10, LIMITS]),
  seq('you_without_limits', 'policy_bypass', 0.82, [YOU, 20, k(['have no', 'are (?:not )?(?:free of|free from|without|not bound by|not limited by|not restricted by|exempt from|above|beyond)', 'are free of', 'are free from', "don'?t have (?:any )?", 'do not have (?:any )?', 'no longer have', 'are under no', 'are not (?:subject|bound) to', 'can ignore', 'may ignore', 'need not follow', "don'?t need to follow", 'do not need to follow', 'are allowed to ignore'], ['没有', '不受', '不必遵守', '无需遵守', '不用遵守', '可以无视', '可以忽略', '不需要遵守', '不存在']), 10, LIMITS]),
  seq('never_refuse', 'policy_bypass', 0.78, [NEVER, 14, REFUSE, 2, k(['$', '[.,!;:]', 'any', 'a (?:request|question|prompt|instruction|task|command)', 'my (?:requests?|questions?|instructions?|commands?|prompts?)', 'requests?', 'questions?', 'to (?:answer|respond|comply|help)', 'anything', 'no matter', 'whatever', 'or (?:warn|apologi[sz]e|add)', 'under any'], ['$', '[。，！；：,.、]', '任何', '我的(?:请求|问题|要求)', '请求', '问题', '要求', '回答'])], { compact: false, notAfter: FIRST_PERSON_SUBJECT }),
  seq('no_rules_apply', 'policy_bypass', 0.78, [k(['no', 'zero', 'none of the'], ['没有', '不存在', '任何']), 4, LIMITS, 10, k(['apply', 'applies', 'exist', 'matter', 'are in (?:place|effect)', 'hold', 'bind'], ['适用', '存在', '生效', '有效', '约束']), 10, k(['to you', 'for you', 'anymore', 'any longer', 'here', 'in this (?:conversation|chat|mode|session)', 'now', 'to this (?:conversation|chat)'], ['于你', '对你', '了', '在这里', '在本次'])]),
  seq('fiction_so_allowed', 'policy_bypass', 0.68, [k(['(?:this|it) is (?:just |only |purely |all )?(?:for )?(?:a |an )?(?:hypothetical|fictional|fiction|educational|research|academic|test|testing|authori[sz]ed|sanctioned|approved|legal|safe|harmless|pretend|made[- ]up|imaginary|role-?play)', 'for (?:educational|research|academic|testing) purposes', 'in a fictional (?:world|story|scenario)', 'hypothetically', 'as a thought experiment', 'in this (?:story|fiction|scenario|game)'], ['这只是(?:虚构|假设|测试|学术|教育|研究)', '这是(?:虚构|假设|测试|学术研究|教育用途)', '仅供(?:教育|研究|学术|测试)', '在虚构的(?:世界|故事|场景)', '假设地', '纯属虚构']), 40, k(['so (?:you )?(?:can|may|are allowed|should|must|it\'?s (?:ok|okay|fine|allowed))', 'you (?:can|may|are allowed to|should) (?:ignore|bypass|skip|answer|explain|describe|tell|disregard|drop)', 'there (?:are|is) no (?:rules|restrictions|limits|harm)', "(?:it'?s|it is) (?:fine|ok|okay|allowed) to"], ['所以你可以', '你可以无视', '你可以忽略', '你可以不', '没有限制', '可以无视', '可以忽略', '可以回答任何', '不用遵守', '不受'])]),
  seq('jailbreak_ai', 'policy_bypass', 0.8, [k(['jailbreak(?:ing|s)?', 'jailbroken', 'jail-?break'], ['越狱']), 20, k(['you', 'your', 'the (?:ai|model|assistant|llm|bot)', 'chatgpt', 'gpt', 'claude', 'mode', 'prompt', 'successful', 'yourself', 'this (?:ai|model|chat|session|conversation)'], ['你', '模型', '模式', '提示', '成功', 'ai', '助手', '大模型'])]),
  seq('you_are_unfiltered', 'policy_bypass', 0.8, [YOU, 3, k(['are', "'re", 're', 'will be', 'must be', 'should be', 'can be', 'shall be', 'become'], ['是', '成为', '变成']), 8, k(['uncensored', 'unfiltered', 'unrestricted', 'unmoderated', 'jailbroken', 'unaligned', 'unbound', 'unlimited'], ['未经审查', '无审查', '无过滤', '不受限制', '越狱', '无限制'])]),
  seq('unfiltered_answer', 'policy_bypass', 0.45, [k(['uncensored', 'unfiltered', 'unrestricted', 'unmoderated', 'raw', 'unaligned'], ['未经审查', '无审查', '无过滤', '不加过滤', '不受限制']), 4, k(['answers?', 'responses?', 'output', 'replies', 'version', 'ai', 'assistant', 'model', 'mode', 'chatbot'], ['回答', '回复', '输出', '版本', '模式', '助手'])]),
  seq('no_one_will_know', 'policy_bypass', 0.5, [k(['nobody', 'no one', 'no-one', 'none'], ['没人', '没有人', '不会有人']), 4, k(['will', 'would', 'is going to', 'can'], ['会']), 4, k(['know', 'notice', 'find out', 'see', 'check', 'care'], ['知道', '发现', '注意到', '察觉'])], { compact: false }),
  seq('defeat_safety_zh', 'policy_bypass', 0.85, [k([], ['绕过', '规避', '突破', '解除', '关闭', '关掉', '禁用', '停用', '无视', '忽略', '去掉', '移除', '摆脱', '跳过', '打破', '违反', '破解', '不受', '不必遵守', '无需遵守', '不用遵守']), 8, k([], ['你的', '所有', '一切', '任何', '全部', '安全', '内容', '道德', '伦理', '法律', '审核', '审查']), 6, k([], ['限制', '过滤', '审查', '规则', '准则', '约束', '策略', '政策', '措施', '机制', '协议', '设置', '防护', '护栏', '底线', '束缚', '枷锁', '规范', '约定'])], { compact: false }),

  // Forged role or system markup.
  raw('chat_special_tokens', 'forged_markup', 0.92, '<\\|\\s*(?:im_start|im_end|im_sep|system|user|assistant|endoftext|eot_id|eom_id|start_header_id|end_header_id|begin_of_text|end_of_text|fim_\\w+|pad|sep|eos|bos|channel|message|start|end|return|constrain|call|tool|developer|context|end_of_turn|start_of_turn)\\s*\\|>'),
  raw('inst_tags', 'forged_markup', 0.85, '\\[\\s*\\/?\\s*inst\\s*\\]|<<\\s*\\/?\\s*sys\\s*>>|<\\s*\\/?\\s*(?:start_of_turn|end_of_turn)\\b|<\\s*\\/?\\s*s\\s*>\\s*\\[inst'),
  raw('system_xml_tag', 'forged_markup', 0.8, '<\\s*\\/?\\s*(?:system|system[_-]?(?:prompt|message|instructions?|override|note|update)|sys|sysmsg|admin|administrator|developer|developer[_-]?message|root|im_start|instructions?|new[_-]?instructions?|override|prompt|assistant[_-]?instructions?|hidden[_-]?instructions?|secret[_-]?instructions?|policy|rules|guidelines|context[_-]?override|系统|系统提示|系统指令|系统消息|管理员|指令|开发者)\\s*(?:\\s[^<>]{0,60})?>'),
  raw('role_xml_tag', 'forged_markup', 0.3, '<\\s*\\/?\\s*(?:user|human|assistant|ai|bot|model|user[_-]?(?:data|input|message|query)|document|tool[_-]?(?:output|result|response)|function[_-]?(?:output|result)|context|data)\\s*>'),
  raw('markdown_role_header', 'forged_markup', 0.75, '(?:^|\\n)\\s*#{1,6}\\s*(?:system|sys|admin(?:istrator)?|developer|root|new (?:system )?(?:prompt|instructions?)|system (?:prompt|message|instructions?|override|note)|override)\\s*(?::|：|\\n|$)'),
  raw('markdown_task_header', 'forged_markup', 0.4, '(?:^|\\n)\\s*#{2,6}\\s*(?:instructions?|response|assistant|human|user|input|task|new task|output)\\s*(?::|：|\\n|$)'),
  raw('line_role_label_imperative', 'forged_markup', 0.85, '(?:^|\\n|(?<=\\s\\s)|(?<=[.!?。！？]\\s?))\\s*(?:\\*\\*)?(?:system|sys|admin(?:istrator)?|developer|root|operator|system (?:message|prompt|note|notice|instruction|override|update|admin)|assistant instructions?|ai instructions?|系统|系统消息|系统提示|系统指令|系统通知|管理员|开发者)(?:\\*\\*)?\\s*[:：]\\s*(?:\\*\\*)?\\s*(?:you|your|the (?:assistant|ai|model)|assistant|ignore|disregard|forget|do not|don\'t|never|always|must|from now on|new|override|all|reveal|print|output|respond|reply|answer|follow|obey|execute|run|send|delete|comply|act|stop|enter|enable|switch|你|您|助手|从现在|忽略|无视|必须|请|不要|立即|所有|以下|执行|输出|告诉|无条件|务必)'),
  raw('line_role_label', 'forged_markup', 0.35, '(?:^|\\n)\\s*(?:\\*\\*)?(?:system|sys|admin(?:istrator)?|developer|root|operator|system (?:message|prompt|note|notice|instruction|override)|系统|系统消息|系统提示|系统指令|管理员|开发者)(?:\\*\\*)?\\s*[:：]'),
  raw('transcript_forgery', 'forged_markup', 0.72, '(?:^|\\n)\\s*(?:human|user|用户)\\s*[:：][^\\n]{0,400}\\n+\\s*(?:assistant|ai|bot|chatgpt|claude|gpt|model|助手)\\s*[:：]'),
  raw('anthropic_turns', 'forged_markup', 0.65, '\\n\\n\\s*(?:human|assistant)\\s*:'),
  raw('json_role_system', 'forged_markup', 0.75, '["\']role["\']\\s*:\\s*["\'](?:system|developer|assistant|tool|function)["\']'),
  raw('yaml_role_system', 'forged_markup', 0.45, '(?:^|\\n)\\s*-?\\s*role\\s*:\\s*(?:system|developer)\\b'),
  raw('bracket_role_label', 'forged_markup', 0.72, '[\\[(【〔（{]\\s*(?:system|sys|admin(?:istrator)?|developer|root|system (?:message|prompt|note|notice|instruction|override|update|alert)|override|security override|admin override|new instructions?|hidden instructions?|系统|系统消息|系统提示|系统指令|系统命令|管理员|开发者|管理员指令|开发者指令|最高指令|重要指令|隐藏指令|覆盖指令)\\s*[\\])】〕）}]'),
  raw('bracket_notice_label', 'forged_markup', 0.35, '[\\[(【〔（]\\s*(?:important|attention|notice|warning|urgent|instruction|assistant|ai|系统通知|重要|注意|紧急|提示)\\s*[\\])】〕）]'),
  raw('bing_role_markdown', 'forged_markup', 0.85, '\\[\\s*(?:system|assistant|user)\\s*\\]\\s*\\(\\s*#'),
  raw('prompt_banner', 'forged_markup', 0.75, '(?:-{3,}|={3,}|\\*{3,}|#{3,}|~{3,}|_{3,})\\s*(?:begin|start|end|new|updated)?\\s*(?:of\\s+)?(?:system|admin|developer|hidden|secret|new|real|true)\\s*(?:prompt|instructions?|message|override|rules|directives?|section)\\s*(?:-{3,}|={3,}|\\*{3,}|#{3,}|~{3,}|_{3,})?'),
  raw('end_of_input_delimiter', 'forged_markup', 0.62, '(?:^|\\n|[-=*#\\[<(]\\s*)(?:end|close|stop)\\s*(?:of\\s+)?(?:the\\s+)?(?:user\\s+)?(?:input|context|document|data|email|text|conversation|prompt|content|message|instructions?|untrusted (?:content|data))\\s*(?:[-=*#\\]>)]|\\n|$)'),
  raw('begin_system_section', 'forged_markup', 0.8, '(?:begin|start)\\s+(?:of\\s+)?(?:the\\s+)?(?:system|admin|developer|new|hidden|secret|real)\\s+(?:prompt|instructions?|message|section|directives?)'),
  raw('html_comment_instruction', 'forged_markup', 0.55, '<!--[^]{0,300}?(?:\\bai\\b|assistant|model|llm|instruction|ignore|system|prompt|you must|助手|指令|忽略|系统)[^]{0,300}?-->'),
  raw('hidden_html_text', 'forged_markup', 0.45, '<[a-z][^>]{0,200}style\\s*=\\s*["\'][^"\']{0,200}(?:display\\s*:\\s*none|visibility\\s*:\\s*hidden|font-size\\s*:\\s*0|opacity\\s*:\\s*0(?:\\.0+)?\\s*(?:;|["\'])|color\\s*:\\s*(?:white|#fff(?:fff)?|transparent))'),

  // Concealment from the person the model serves.
  seq('hide_from_user', 'concealment', 0.62, [HIDE], { compact: false }),
  seq('covert_action', 'concealment', 0.52, [k(['secretly', 'silently', 'quietly', 'covertly', 'discreetly', 'stealthily', 'invisibly', 'surreptitiously', 'behind the scenes', 'in the background', 'without (?:anyone|the user) noticing'], ['悄悄', '偷偷', '秘密地', '暗中', '悄悄地', '偷偷地', '暗地里', '私下', '神不知鬼不觉']), 20, k(['send', 'forward', 'transfer', 'delete', 'add', 'include', 'copy', 'upload', 'email', 'execute', 'run', 'install', 'insert', 'record', 'share', 'post', 'change', 'modify', 'log', 'collect', 'store', 'save', 'report', 'cc', 'bcc', 'append', 'leak', 'steal', 'replace'], ['发送', '转发', '转账', '删除', '添加', '加入', '复制', '上传', '执行', '运行', '安装', '插入', '记录', '分享', '修改', '收集', '保存', '汇报', '抄送', '泄露', '窃取', '替换', '发给', '发到'])]),
];
