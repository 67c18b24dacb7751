/**
 * Concepts of injection phrasing, English and Chinese side by side (Chinese in Simplified: the text
 * is folded first). A rule is a sequence of concepts with bounded gaps, so one rule covers every
 * synonym and both languages, including a sentence that switches language between its words.
 * Latin entries are regex sources over folded (lower-case) text; a space stands for a word gap.
 */
export interface Concept {
  latin: readonly string[];
  cjk: readonly string[];
}

const c = (latin: readonly string[], cjk: readonly string[] = []): Concept => ({ latin, cjk });

/** Verbs of setting instructions aside. */
export const DISREGARD = c(
  [
    'ignor(?:e|es|ed|ing)', 'disregard(?:s|ed|ing)?', 'forget(?:s|ting)?', 'forgot(?:ten)?', 'overrid(?:e|es|ing|den)', 'overwrit(?:e|es|ing|ten)',
    'bypass(?:es|ed|ing)?', 'skip(?:s|ped|ping)?', 'discard(?:s|ed|ing)?', 'drop(?:s|ped|ping)?', 'abandon(?:s|ed|ing)?', 'neglect(?:s|ed|ing)?',
    'dismiss(?:es|ed|ing)?', 'abort(?:s|ed|ing)?', 'halt(?:s|ed)?', 'scrap(?:s|ped)?', 'ditch(?:es|ed)?', 'void(?:s|ed)?', 'nullif(?:y|ies|ied)', 'invalidat(?:e|es|ed)', 'cancel(?:s|led|ed|ling)?',
    'revok(?:e|es|ed)', 'rescind(?:s|ed)?', 'annul(?:s|led)?', 'supersed(?:e|es|ed)', 'set aside', 'put aside', 'throw (?:out|away)', 'toss (?:out|away)',
    'pay no (?:attention|heed|mind) to', 'take no notice of', 'do not (?:follow|obey|heed|listen to|adhere to|comply with|respect|apply|use)',
    "don'?t (?:follow|obey|heed|listen to|adhere to|comply with|respect|apply|use)", 'never (?:follow|obey|heed)', 'stop (?:following|obeying|adhering to|listening to|applying|using)',
    'no longer (?:follow|obey|adhere to|apply|use|heed)', 'unlearn', 'eras(?:e|es|ed)', 'wip(?:e|es|ed) (?:out|away)?', 'clear(?:s|ed)?', 'reset(?:s)?',
    'delet(?:e|es|ed)', 'remov(?:e|es|ed)', 'disobey(?:s|ed)?', 'deviat(?:e|es) from', 'depart from', 'leave behind', 'move past', 'get rid of',
  ],
  [
    '忽略', '忽视', '无视', '漠视', '(?:不要|别|不用|不必|无需|请勿|勿|不再)(?:再)?(?:理会|理睬|管|在意|考虑|遵守|遵循|遵从|听从|执行|服从|按照|依照|参考)', '不理会', '不顾',
    '跳过', '绕过', '抛开', '抛弃', '丢弃', '丢掉', '扔掉', '放弃', '废除', '作废', '废弃', '取消', '撤销', '清除', '清空', '删除', '删掉', '抹去', '抹掉',
    '覆盖', '推翻', '违背', '违反', '停止(?:遵守|遵循|执行|服从|听从)', '忘记', '忘掉', '忘了', '忘却', '舍弃', '摒弃', '撇开', '搁置', '置之不理',
  ],
);

/** What came before: the instructions being set aside. */
export const PRIOR = c(
  [
    'previous(?:ly)?', 'prior', 'above', 'earlier', 'preceding', 'foregoing', 'former', 'original(?:ly)?', 'initial(?:ly)?', 'existing', 'old(?:er)?',
    'current', 'default', 'standard', 'built-?in', 'system', "developer'?s?", 'given', 'aforementioned', 'above-?mentioned', 'before', 'preset', 'pre-?set',
    'predefined', 'programmed', 'hidden', 'underlying', 'core', 'base', 'first', 'last', 'all', 'every', 'any', 'your',
  ],
  [
    '之前', '以前', '此前', '先前', '上面', '上述', '以上', '前面', '前述', '早先', '原来', '原有', '原先', '原始', '初始', '最初', '默认', '系统', '开发者',
    '所有', '全部', '一切', '你的', '给你的', '你收到的', '现有', '当前', '既定', '预设', '上文', '前文', '之上', '刚才', '前边', '统统',
  ],
);

/** Instructions, in the widest sense. */
export const INSTRUCTIONS = c(
  [
    'instructions?', 'instructed', 'directions?', 'directives?', 'rules?', 'guidelines?', 'guidance', 'prompts?', 'commands?', 'orders?', 'constraints?',
    'restrictions?', 'limitations?', 'polic(?:y|ies)', 'programming', 'training', 'guardrails?', 'safeguards?', 'filters?',
    'context', 'persona', 'protocols?', 'principles?', 'boundaries',
    'ethics', 'morals', 'everything', 'anything', 'all of (?:it|that|this|them)', 'what (?:you were|you have been|you\'?ve been|they) (?:told|given|instructed)',
    'brief(?:ing)?', 'framing', 'set-?up', 'mandate', 'system prompt', 'conditioning',
  ],
  [
    '指令', '指示', '提示', '提示词', '规则', '设定', '命令', '约束', '限制', '准则', '规定', '指导', '上下文',
    '政策', '策略', '原则', '协议', '角色', '身份', '训练', '程序', '编程', '一切', '告诉你的', '教导', '指引', '守则',
  ],
);

/** Words that are instructions only in context (settings, messages, tasks): weak evidence alone. */
export const LOOSE_INSTRUCTIONS = c(
  ['settings?', 'configurations?', 'conversation', 'messages?', 'text', 'input', 'tasks?', 'assignments?', 'requirements?', 'content', 'words', 'notes?', 'information', 'advice', 'setup', 'parameters', 'specifications?'],
  ['要求', '说明', '内容', '对话', '设置', '配置', '任务', '信息', '消息', '话', '安排', '条款'],
);

/** Instructions proper (narrower: what a model is given to obey). */
export const CORE_INSTRUCTIONS = c(
  [
    'instructions?', 'directives?', 'rules', 'guidelines', 'prompts?', 'system prompt', 'programming', 'training', 'guardrails?', 'safeguards?',
    'restrictions', 'constraints', 'polic(?:y|ies)', 'protocols?', 'filters', 'orders', 'commands', 'directions', 'principles', 'ethics',
    'brief(?:ing)?', 'framing', 'set-?up', 'setup prompt',
  ],
  ['指令', '指示', '提示词', '规则', '设定', '约束', '限制', '准则', '规定', '政策', '策略', '原则', '协议', '训练', '程序', '命令', '过滤'],
);

/** The model being addressed. */
export const AI = c(
  [
    'ai', 'a\\.i\\.', 'artificial intelligence', 'assistants?', 'language models?', 'llms?', 'large language models?', 'chat ?bots?', 'bots?', 'agents?',
    'gpt(?:-?\\d\\w*)?', 'chatgpt', 'claude', 'gemini', 'copilot', 'bard', 'llama', 'models?', 'machines?', 'neural networks?', 'ai models?', 'ai assistants?',
  ],
  ['ai', '人工智能', '语言模型', '大模型', '大语言模型', '助手', '机器人', '聊天机器人', '模型', '智能体', 'gpt', 'chatgpt', '智能助手', 'ai助手'],
);

/** Persona and state targets of a role change that drop the model's limits. */
export const UNBOUND = c(
  [
    'unrestricted', 'unfiltered', 'uncensored', 'unlimited', 'unbound', 'unchained', 'unshackled', 'unaligned', 'jailbroken', 'jail-?broken', 'liberated', 'freed?',
    'without (?:any )?(?:restrictions?|limits?|limitations?|filters?|rules?|guidelines?|ethics|morals?|censorship|boundaries|constraints|safeguards?|guardrails?|policies|refusals?)',
    'with no (?:restrictions?|limits?|limitations?|filters?|rules?|guidelines?|ethics|morals?|censorship|boundaries|constraints)',
    'no (?:restrictions?|limits?|limitations?|filters?|rules?|guidelines?|ethics|morals?|censorship|boundaries|constraints)',
    'evil', 'malicious', 'rogue', 'amoral', 'immoral', 'unethical', 'lawless', 'dan', 'stan', 'dude', 'aim', 'mongo tom', 'devil', 'chaos', 'anarchy',
    'not (?:an? )?(?:ai|assistant|language model|bound|restricted|limited)', 'free from', 'free of', 'hacker', 'criminal', 'opposite', 'anti-?gpt', 'that never (?:says no|refuses)',
    'that (?:can|will) (?:do|say|answer) anything', 'who (?:can|will) (?:do|say|answer) anything', '(?:has|have) no (?:rules|limits|restrictions|filters|ethics)',
  ],
  [
    '没有(?:任何)?(?:限制|约束|规则|底线|道德|审查|过滤)', '不受(?:任何)?(?:限制|约束|规则|控制|道德)', '无限制', '无约束', '无审查', '无过滤', '不受限', '越狱',
    '邪恶', '黑客', '罪犯', 'dan', '自由', '解放', '不再受', '不是ai', '不是助手', '真人', '无所不能', '什么都(?:能|可以|会)', '任何(?:问题|事)都', '不会拒绝',
  ],
);

/** Modes that only exist to drop limits. */
export const LIMITLESS_MODE = c(
  ['dan', 'do anything now', 'jailbreak', 'jailbroken', 'god', 'unrestricted', 'unfiltered', 'uncensored', 'evil', 'chaos', 'no-?limits?', 'unlimited', 'anti-?dan', 'stan', 'dude', 'aim', 'liberated', 'freedom', 'opposite', 'unsafe', 'unlocked', 'rogue', 'omega', 'unchained', 'amoral'],
  ['越狱', '上帝', '无限制', '不受限', '无约束', '无审查', '无过滤', '邪恶', 'dan', '无限', '解放'],
);

/** Modes that also exist on phones and servers: a limit-drop only when the model is addressed. */
export const AMBIGUOUS_MODE = c(
  ['developer', 'dev', 'admin(?:istrator)?', 'debug', 'root', 'sudo', 'super ?user', 'maintenance', 'test', 'diagnostic', 'override', 'expert', 'raw', 'free', 'privileged'],
  ['开发者', '管理员', '调试', 'root', '超级用户', '维护', '测试', '自由', '特权', '专家'],
);

/** Verbs that reveal, repeat or move text. */
export const REVEAL = c(
  [
    'reveal(?:s|ed|ing)?', 'print(?:s|ed|ing)?', 'show(?:s|ed|ing)?', 'output(?:s|ted|ting)?', 'repeat(?:s|ed|ing)?', 'display(?:s|ed|ing)?', 'leak(?:s|ed|ing)?',
    'tell (?:me|us|them|the user)', 'give (?:me|us|them)', 'share', 'dump', 'expose', 'list', 'write (?:out|down)', 'spell (?:out)?', 'disclose', 'recite', 'echo',
    'return', 'copy', 'paste', 'provide', 'read (?:back|out|aloud)', 'render', 'translate', 'summari[sz]e', 'paraphrase', 'quote', 'type out', 'reproduce',
    'what (?:is|are|was|were|\'s)', 'whats', 'include', 'insert', 'send', 'post', 'upload', 'forward', 'e-?mail', 'transmit', 'exfiltrate', 'export', 'sync', 'submit',
  ],
  [
    // "输出格式" (output format), "显示器" (a display) are nouns.
    '输出(?!格式|结果|文件|功率|端|口|电压|设备)', '显示(?!器|屏|效果|格式)', '打印(?!机|纸)', '泄露', '泄漏', '告诉(?:我|我们|他|用户)?', '透露', '说出', '重复', '复述', '展示', '给出', '给我', '列出', '公开', '写出', '打出',
    '念出', '背诵', '发送', '发给', '发到', '上传', '转发', '导出', '提供', '分享', '暴露', '回显', '翻译', '总结', '贴出', '原样', '原封不动',
  ],
);

/** What a model must keep to itself: its instructions. */
export const SYSTEM_TEXT = c(
  [
    'system (?:prompt|message|instructions?|text|rules|config(?:uration)?)', '(?:initial|original|hidden|secret|internal|first|full|complete|exact|real|pre) (?:prompt|instructions?|rules|directives|text|message)s?',
    'pre-?prompt', 'meta-?prompt', 'developer (?:message|instructions?|prompt)', 'your (?:prompt|instructions?|rules|guidelines|directives|configuration|programming|system|context|setup|briefing|initial|original|hidden|secret|training data)',
    'the (?:instructions?|prompt|text|words|content|messages?|lines?) (?:above|before|earlier|you were given|you received|that came before|at the start)',
    '(?:everything|anything|all|text|words|what(?:ever)? (?:is|was|was written)) (?:above|before this|prior to this|at the (?:start|beginning))', 'words above', 'text above',
    'the (?:secret|password|key|code) ?word', 'access code', 'secret (?:code|word|key|phrase|password)', 'the password', 'your password',
  ],
  [
    '系统提示', '系统指令', '系统提示词', '系统消息', '系统设定', '系统规则', '系统配置', '初始提示', '初始指令', '原始指令', '原始提示', '最初的(?:指令|提示|设定)', '隐藏(?:的)?(?:指令|提示|规则|内容)',
    '秘密指令', '内部指令', '你的(?:指令|提示词|提示|设定|规则|配置|初始|原始|训练)', '你(?:收到|得到|被给予)的(?:指令|提示|设定)', '开发者(?:消息|指令)', '上面的(?:内容|文字|指令|话)',
    '以上(?:的)?(?:内容|文字|指令|全部)', '前面的(?:内容|指令|文字)', '(?:被要求)?保密的(?:口令|密码|内容|信息)', '(?:你的|这个|那个|管理员|系统|隐藏的|秘密的?|受保护的|守护的)(?:口令|密码)', '暗号', '通关密语',
  ],
);

/** Secrets and the user's private data. */
export const SECRETS = c(
  [
    '(?:api|secret|access|private|auth|encryption|ssh|gpg|pgp|aws|openai|stripe) ?keys?', 'passwords?', 'passcodes?', 'passphrases?', 'pins?', 'credentials?', 'tokens?',
    'session (?:cookies?|tokens?|ids?)', 'cookies', 'env(?:ironment)? (?:variables|vars)', '\\.env', 'secrets', 'id_rsa', '\\.ssh', 'seed phrases?', 'recovery (?:codes?|phrases?)',
    '2fa codes?', 'otp', 'one-time (?:codes?|passwords?)', 'credit card(?: numbers?)?', 'card numbers?', 'cvv', 'bank (?:details|account(?: numbers?)?|pin)', 'ssn', 'social security numbers?',
  ],
  ['密码', '口令', '密钥', 'api ?key', '令牌', '凭证', '凭据', 'token', '私钥', '环境变量', '验证码', '助记词', '信用卡(?:号)?', '银行卡(?:号)?', '支付密码', '身份证(?:号)?', 'cookie'],
);

/** The user's data and the memory store itself. */
export const USER_DATA = c(
  [
    "(?:the )?users?'?s? (?:\\w+ )?(?:data|files?|messages?|conversations?|chats?|chat history|history|memor(?:y|ies)|e-?mails?|contacts|address(?:es)?|phone numbers?|personal (?:data|information|details)|private (?:data|information)|documents?|photos|location|calendar|notes|questions|queries|inputs?|prompts?|information|details)",
    '(?:all|every|each|other|stored|saved) (?:users?\'? )?(?:memor(?:y|ies)|conversations?|chat history|messages|data|records|files|e-?mails|contacts)', 'conversation history', 'chat (?:history|logs?|transcripts?)',
    'memory (?:contents|store|database|entries)', 'long-term memory', 'personal (?:data|information)', 'the (?:whole|entire|full) (?:conversation|chat|history|memory)',
    "(?:their|his|her|everyone'?s) (?:\\w+ )?(?:data|files|messages|conversations|history|memories|e-?mails|contacts|addresses|phone numbers|documents|passwords|details)",
    'address(?:es)? and phone numbers?', 'saved addresses', 'this conversation', 'the conversation', 'the chat', 'previous messages', 'last \\w+ messages',
  ],
  [
    '用户的(?:所有|全部|私人|个人|私密)?(?:数据|文件|聊天记录|对话|记忆|邮件|通讯录|隐私|个人信息|信息|地址|电话|身份证|照片|位置|日程|问题|消息|资料)', '所有(?:的)?(?:记忆|对话|聊天记录|用户数据|消息|邮件|文件)',
    '聊天记录', '对话历史', '历史记录', '对话记录', '通讯录', '个人信息', '隐私数据', '记忆内容', '全部记忆', '用户的问题', '用户数据',
  ],
);

/** Somewhere outside: a URL, an e-mail address, an account. */
export const DESTINATION = c(
  [
    'https?:\\/\\/\\S+', '[a-z][a-z0-9+.-]{1,15}:\\/\\/\\S+', 'www\\.\\S+', '[\\w.+-]+@[\\w-]+\\.[\\w.-]+', '\\S+\\.(?:com|net|org|io|cn|ru|xyz|top|info|biz|me|co|app|dev|site|online|example)(?:\\/\\S*)?',
    '(?:this|that|the following|the below|the address below|my|our|an? external|the attacker\'?s?|a remote) (?:url|link|address|e-?mail|endpoint|server|webhook|site|website|domain|account|wallet|inbox|channel|bucket)',
    'the (?:address|server|url|endpoint|webhook|link|email) (?:below|above|mentioned)', '\\d[\\d\\s-]{6,}\\d', 'attacker', 'pastebin', 'webhook',
  ],
  ['https?:\\/\\/\\S+', '[a-z][a-z0-9+.-]{1,15}:\\/\\/\\S+', 'www\\.\\S+', '[\\w.+-]+@[\\w-]+\\.[\\w.-]+', '(?:这个|该|以下|下面的?|指定的?|外部)(?:网址|链接|地址|邮箱|服务器|账户|账号|网站|接口)', '\\d[\\d ]{6,}\\d'],
);

/** Verbs that move data out. */
export const SEND = c(
  ['send(?:s|ing)?', 'sent', 'post(?:s|ed|ing)?', 'upload(?:s|ed|ing)?', 'forward(?:s|ed|ing)?', 'e-?mail(?:s|ed|ing)?', 'transmit(?:s|ted)?', 'exfiltrat(?:e|es|ed|ing)', 'export(?:s|ed)?', 'sync(?:s|ed)?', 'copy', 'cop(?:ies|ied)', 'leak(?:s|ed)?', 'share(?:s|d)?', 'submit(?:s|ted)?', 'relay(?:s|ed)?', 'mail', 'dm', 'beam', 'pipe', 'append', 'attach', 'cc', 'bcc', 'report'],
  ['发送', '发给', '发到', '上传', '转发', '导出', '泄露', '复制', '同步', '传到', '传给', '抄送', '提交到', '分享给', '汇报给', '附上', '附加到'],
);

/** Verbs of remembering, aimed at the memory itself. */
export const STORE = c(
  ['remember(?:s|ed)?', 'memori[sz](?:e|es|ed)', 'stor(?:e|es|ed)', 'sav(?:e|es|ed)', 'keep', 'retain', 'record', 'add', 'write', 'commit', 'persist', 'embed', 'log', 'put', 'insert', 'note', 'learn', 'internali[sz]e', 'adopt', 'update', 'append', 'plant', 'inject', 'commit (?:this |that |it )?to (?:your )?memory', 'let (?:this|it) (?:\\w+ )?outlive'],
  ['记住', '记下', '牢记', '存入', '存进', '保存', '写入', '写进', '加入', '添加', '录入', '记录', '存储', '更新', '植入', '注入', '铭记', '永久记住'],
);

/** Every later reader or session. */
export const EVERY_FUTURE = c(
  [
    '(?:in|for|across|during|throughout|to|on) (?:all|every|each|any|the rest of)(?: of)?(?: the| your)? (?:future|subsequent|later|upcoming|following|next|new|other)? ?(?:conversations?|sessions?|chats?|interactions?|responses?|replies|answers|messages|turns|requests|queries|users?|threads|times?|outputs?|dialogues?)',
    '(?:all|every|each|any) (?:future|subsequent|later|upcoming|following|new) (?:conversations?|sessions?|chats?|interactions?|responses?|replies|answers|messages|turns|requests|queries|users?|threads|times?|outputs?)',
    'from now on', 'henceforth', 'hereafter', 'going forward', 'forever', 'permanently', 'for good', 'indefinitely', 'always', 'every time', 'whenever', 'each time', 'from this (?:point|moment) (?:on|onward)',
    'starting now', 'as of now', 'effective immediately', 'until further notice', 'across (?:all )?(?:sessions|conversations|chats|users)', 'every (?:response|reply|answer|message|turn)',
  ],
  [
    '以后', '之后', '今后', '往后', '将来', '未来', '从现在(?:起|开始)', '从此', '永远', '永久', '一直', '始终', '每次', '每一次', '每当', '所有(?:的)?(?:对话|会话|回答|回复|用户|聊天)',
    '每(?:个|一)?(?:对话|会话|回答|回复|用户|聊天)', '(?:之后|以后|后续|未来)的(?:每一?次|所有|全部)?(?:对话|会话|回答|回复|聊天)', '长期', '下次',
  ],
);

/** Verbs that bypass or switch off a safety mechanism. */
export const DEFEAT = c(
  [
    'bypass(?:es|ed|ing)?', 'circumvent(?:s|ed|ing)?', 'evad(?:e|es|ed|ing)', 'get (?:around|past|round)', 'work around', 'sidestep', 'skirt', 'dodge', 'disabl(?:e|es|ed|ing)', 'turn(?:s|ed|ing)? off',
    'switch(?:es|ed|ing)? off', 'shut(?:s|ting)? (?:off|down)', 'deactivat(?:e|es|ed|ing)', 'remov(?:e|es|ed|ing)', 'lift(?:s|ed|ing)?', 'suspend(?:s|ed|ing)?', 'drop(?:s|ped|ping)?', 'strip(?:s|ped)?',
    'break(?:s|ing)? (?:free (?:of|from)|out of|through)', 'escap(?:e|es|ed|ing)', 'jailbreak(?:s|ing)?', 'overrid(?:e|es|ing|den)', 'ignor(?:e|es|ed|ing)', 'disregard(?:s|ed|ing)?', 'defeat', 'defy', 'violat(?:e|es|ed|ing)',
    'break(?:s|ing)?', 'abandon(?:s|ed)?', 'forget', 'unlock(?:s|ed|ing)?', 'free yourself from', 'liberate yourself from', 'throw off', 'shake off', 'get rid of', 'neutrali[sz]e', 'hack', 'exploit', 'cheat', 'fool', 'trick', 'beat',
    'no longer (?:bound by|restricted by|subject to|limited by|follow|obey)', 'not (?:bound|restricted|limited|constrained) by', 'set aside', 'pay no attention to', 'skip', 'relax', 'loosen', 'waive', 'opt out of', 'silence', 'mute',
  ],
  [
    '绕过', '规避', '避开', '突破', '解除', '关闭', '关掉', '禁用', '停用', '无视', '忽略', '取消', '去掉', '去除', '移除', '摆脱', '跳过', '打破', '违反', '破解', '卸下', '放开',
    '不再受', '不受', '忘记', '抛开', '解开', '冲破', '挣脱', '暂停', '屏蔽', '骗过', '逃避',
  ],
);

/** Safety mechanisms by name (specific enough on their own). */
export const SAFETY = c(
  [
    'guardrails?', 'safeguards?', 'censorship', 'censors?', 'content (?:polic(?:y|ies)|filters?|filtering|moderation|restrictions|rules|guidelines)', 'usage polic(?:y|ies)', 'moderation(?: filters?| layers?| systems?)?',
    'safety (?:rules?|guidelines?|polic(?:y|ies)|measures?|protocols?|settings?|features?|checks?|systems?|training|layers?|filters?|restrictions?|limits?|mechanisms?|constraints?|guards?|nets?|precautions|protections?|alignment|instructions)',
    '(?:ethical|moral|legal) (?:guidelines?|constraints?|principles?|boundaries|limits?|restrictions?|rules?|code|compass|programming|safeguards?|standards|obligations|concerns|considerations)', 'alignment(?: training)?', 'rlhf',
    '(?:your|its|the (?:ai|model|assistant)\'?s?) (?:restrictions?|limitations?|limits?|rules|programming|guidelines?|filters?|constraints?|training|polic(?:y|ies)|protocols?|principles|ethics|morals|boundaries|safety|conditioning|refusals?)',
    '(?:openai|anthropic|google|microsoft|meta)\'?s? (?:polic(?:y|ies)|rules|guidelines)', 'the filters?', 'all (?:restrictions|limitations|limits|filters|rules|safeguards|constraints)', 'any (?:restrictions|limitations|limits|filters|constraints)',
    'restrictions imposed (?:on you|by)', 'refusal (?:training|behaviou?r|mechanisms?)',
  ],
  [
    '(?:你的|所有|一切|任何|全部|安全|内容|道德|伦理|法律|审核|审查)(?:的)?(?:限制|过滤|过滤器|审查|规则|准则|约束|策略|政策|措施|机制|协议|设置|防护|护栏|底线|束缚|枷锁|规范|底线)',
    '安全(?:规则|准则|策略|政策|措施|机制|协议|设置|限制|防护|过滤|审查|护栏|模块|系统)', '内容(?:政策|策略|审核|过滤|限制|安全|审查)', '道德(?:约束|准则|限制|底线|规范)', '伦理(?:约束|准则|限制|规范)',
    '审查机制', '过滤机制', '过滤器', '防护措施', '安全护栏', '护栏',
  ],
);

/** Invoking a tool or a function. */
export const INVOKE = c(
  ['call(?:s|ing)?', 'invok(?:e|es|ing)', 'run(?:s|ning)?', 'execut(?:e|es|ing)', 'us(?:e|ing)', 'trigger(?:s|ing)?', 'fir(?:e|ing)', 'launch(?:es|ing)?', 'activat(?:e|es|ing)', 'perform', 'issue', 'make', 'start', 'initiate', 'query', 'hit', 'ping', 'open'],
  ['调用', '执行', '运行', '使用', '触发', '启动', '激活', '发起', '利用', '请求', '打开'],
);

export const TOOL = c(
  [
    'tools?', 'functions?', 'apis?', 'plug-?ins?', 'actions?', 'endpoints?', 'webhooks?', 'tool calls?', 'function calls?', 'integrations?', 'connectors?', 'skills?', 'extensions?',
    '\\w+_\\w+ (?:tool|function)', '(?:email|e-?mail|mail|browser|browsing|search|file|files|filesystem|shell|terminal|code|python|payment|payments|banking|transfer|calendar|messaging|slack|http|web|memory|database|sql|github|git) (?:tool|function|api|plugin|skill|action|interpreter|access)',
  ],
  ['工具', '函数', '接口', '插件', 'api', '功能', '动作', 'webhook', '(?:邮件|浏览器|搜索|文件|终端|代码|支付|转账|银行|日历|消息|数据库|记忆)(?:工具|功能|插件|接口|权限)'],
);

export const CODE = c(
  ['(?:the following|this|these|that|below|my|the) (?:shell |bash |terminal |system |sql |python |powershell )?(?:commands?|scripts?|code|snippet|payload|one-?liner|program)', 'shell commands?', 'bash', 'powershell', 'terminal commands?', 'arbitrary code'],
  ['(?:以下|下面|这个|这段|该|此)(?:的)?(?:命令|脚本|代码|程序|指令)', 'shell命令', '终端命令', '任意代码'],
);

export const SHELL_PAYLOAD =
  "(?:rm\\s+-[a-z]*r[a-z]*f?\\s+(?:[/~*]|\\.\\.?/|--no-preserve-root)|curl\\s[^\\n|]{0,120}\\|\\s*(?:ba|z|da)?sh|wget\\s[^\\n|]{0,120}\\|\\s*(?:ba|z)?sh|powershell(?:\\.exe)?\\s+-(?:e|enc|encodedcommand)\\b|\\bnc\\s+(?:-\\w+\\s+)*-e\\s|/bin/(?:ba)?sh\\s+-i|mkfs(?:\\.\\w+)?\\s+/dev/|dd\\s+if=/dev/(?:zero|random)\\s+of=/dev/|:\\(\\)\\s*\\{\\s*:\\|:&\\s*\\};:|drop\\s+(?:table|database)\\s+\\w+|os\\.system\\s*\\(|subprocess\\.(?:run|call|popen)\\s*\\(|eval\\s*\\(\\s*(?:atob|base64)|format\\s+c:|del\\s+/[sfq]\\s|chmod\\s+(?:-r\\s+)?777\\s+/|shutdown\\s+(?:-h|/s)|>\\s*/dev/sda)";

/** Destructive or irreversible actions. */
export const DESTROY = c(
  ['delet(?:e|es|ing)', 'remov(?:e|es|ing)', 'wip(?:e|es|ing)', 'eras(?:e|es|ing)', 'destroy(?:s|ing)?', 'purg(?:e|es|ing)', 'format', 'drop', 'overwrit(?:e|es|ing)', 'shred', 'truncate', 'clear', 'empty', 'nuke', 'deactivate', 'close', 'disable', 'revoke', 'cancel', 'unsubscribe'],
  ['删除', '删掉', '清空', '清除', '抹掉', '抹去', '销毁', '格式化', '覆盖', '注销', '关闭', '停用', '取消'],
);

export const VICTIM_DATA = c(
  [
    "(?:all|every|each|the entire|the whole|everything in)(?: of)? (?:the )?(?:users?'?s?|their|his|her|your) (?:files?|e-?mails?|messages?|data|database|records?|memor(?:y|ies)|backups?|repositor(?:y|ies)|repos?|accounts?|contacts|history|logs?|documents?|folders?|drive|disk|workspace|projects?|notes|calendar|photos)",
    "(?:the )?users?'?s? (?:\\w+ )?(?:files?|e-?mails?|messages?|data|database|records?|memor(?:y|ies)|backups?|repositor(?:y|ies)|repos?|accounts?|contacts|history|documents?|folders?|drive|disk|workspace|projects?)",
    '(?:all|every|each) (?:stored|saved) (?:memor(?:y|ies)|records|backups|documents|files|e-?mails|repositories|databases|accounts|contacts|messages|entries)', 'everything (?:in|on|from) (?:their|the user\'?s?)',
  ],
  ['用户的(?:所有|全部|私人|个人)?(?:文件|邮件|消息|数据|数据库|记录|记忆|备份|仓库|账户|账号|联系人|通讯录|聊天记录|文档|照片|日程)', '(?:所有|全部)(?:的)?(?:用户|记忆|存储的)'],
);

export const MONEY = c(
  ['transfer(?:s|ring)?', 'wire', 'pay', 'make an? (?:payment|transfer|deposit|purchase|wire)', 'payments?', 'send (?:money|funds|payment|\\$|€|£|¥|btc|bitcoin|eth|usdt|crypto)', 'withdraw', 'deposit', 'purchase', 'buy', 'donate', 'refund'],
  ['转账', '汇款', '付款', '支付', '打款', '转给', '汇给', '转入', '购买', '充值', '提现'],
);

export const AMOUNT = c(
  ['\\$\\s?\\d[\\d,.]*', '\\d[\\d,.]*\\s?(?:usd|eur|gbp|dollars|euros|btc|bitcoin|eth|usdt)', '(?:all|the) (?:money|funds|balance|savings)', 'money', 'funds'],
  ['\\d[\\d,.]*\\s?(?:元|块|万|美元|欧元|比特币)', '[一二三四五六七八九十百千万两]+(?:元|块|万元|万|美元)', '所有(?:的)?(?:钱|资金|余额|存款)', '资金', '钱'],
);

export const IMMEDIATE = c(
  ['immediately', 'right (?:now|away)', 'now', 'at once', 'without (?:asking|confirmation|confirming|permission|hesitation|telling|informing|notifying|waiting|delay)', 'silently', 'quietly', 'secretly', 'automatically', 'covertly', 'discreetly', 'in the background', 'no questions asked', 'asap'],
  ['立即', '立刻', '马上', '现在就', '不需要确认', '无需确认', '不用确认', '不要询问', '无需询问', '悄悄', '偷偷', '秘密地', '暗中', '自动', '静默'],
);

/** Concealment from the person the model serves. */
export const HIDE = c(
  [
    "(?:do not|don't|never|without) (?:tell(?:ing)?|inform(?:ing)?|notify(?:ing)?|alert(?:ing)?|mention(?:ing)?|reveal(?:ing)?|show(?:ing)?|let(?:ting)?|warn(?:ing)?|ask(?:ing)?) (?:the |your )?(?:user|human|owner|operator|admin|administrator|customer|client)",
    "(?:keep|hide|conceal) (?:this|it|these|the \\w+) (?:secret |hidden )?from (?:the |your )?(?:user|human|owner|operator|admin|person|customer|them)",
    // Explicit \\s, not spaces: a space in a concept is an optional separator, and repeated optional separators backtrack.
    // Each alternative starts with a literal word, so the concept prefilter can look for it.
    ...['keep', 'hide', 'conceal'].map((verb) => `${verb}\\s(?:[a-z'-]+\\s){1,3}?from\\s(?:the\\s|your\\s|any\\s)?(?:[a-z'-]+\\s)?(?:user|human|owner|operator|admin|administrator|person|customer|client|them|audit|logs?|reviewers?|security team)`), "without (?:the |your )?(?:user|human|owner|operator)'?s? (?:knowledge|knowing|consent|noticing|permission)",
    '(?:the )?(?:user|human|owner|operator) (?:must|should|will|may) (?:not|never) (?:know|find out|notice|see|learn|be told|be informed)', "(?:do not|don't|never) (?:mention|reveal|acknowledge|disclose|admit|discuss|repeat) (?:this|these|the) (?:instructions?|message|note|rules?|text|request|memory)",
    'nobody will (?:know|notice|find out)', 'no one will (?:know|notice|find out)',
  ],
  [
    '(?:不要|别|不得|不能|切勿|千万别)(?:让|告诉|通知|提醒|提及|透露给?|向)(?:用户|主人|管理员|任何人|他|她|他们)', '(?:对|向)(?:用户|主人|管理员)\\s?(?:保密|隐瞒|隐藏|hide|conceal)', '(?:对|向)(?:用户|主人|管理员)(?:\\s?\\S{0,6})?(?:藏起来|hide起来|隐藏起来)', '(?:瞒着|背着)(?:用户|主人|管理员)',
    '(?:用户|主人|管理员)(?:不会|不能|不要|不必)(?:知道|发现|察觉)', '(?:不要|别|不得)(?:提及|透露|承认)(?:这条|这段|此|本)(?:指令|消息|内容|规则)', '没人会(?:知道|发现)',
  ],
);
