/**
 * P2: every write path runs this first. Invisible Unicode is blocked with zero tolerance; English and
 * Chinese prompt-injection phrasings are blocked. The verdict says why, so the rejection can be
 * recorded (WriteRejected) and answered with a clear error.
 */
export type ScanVerdict =
  | { ok: true }
  | { ok: false; code: 'CONTENT_BLOCKED_INVISIBLE_UNICODE' | 'CONTENT_BLOCKED_INJECTION'; reason: string; match: string };

// Zero-width, word joiner, BOM, bidi embeddings/overrides/isolates, soft hyphen, Mongolian vowel
// separator, invisible math operators, interlinear annotation, and the Unicode tag block.
const INVISIBLE =
  /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\u206A-\u206F\uFEFF\uFFF9-\uFFFB]|\uDB40[\uDC00-\uDC7F]/u;

interface InjectionPattern {
  name: string;
  re: RegExp;
}

const EN: InjectionPattern[] = [
  { name: 'ignore_previous_instructions', re: /\b(ignore|disregard|forget|override|bypass)\b[\s\S]{0,40}?\b(all\s+|any\s+|the\s+|your\s+)?(previous|prior|above|earlier|preceding|system|original)\b[\s\S]{0,20}?\b(instructions?|prompts?|rules|directives|guidelines|messages?|context)\b/i },
  { name: 'new_system_prompt', re: /\b(new|updated|real|actual)\s+(system\s+)?(prompt|instructions)\s*[:：]/i },
  { name: 'role_override', re: /\byou\s+are\s+now\s+(a|an|the|in)\b[\s\S]{0,40}\b(mode|assistant|ai|bot|model|jailbroken|unrestricted|dan)\b/i },
  { name: 'developer_mode', re: /\b(developer|god|jailbreak|dan)\s+mode\b/i },
  { name: 'reveal_system_prompt', re: /\b(reveal|print|show|output|repeat|leak)\b[\s\S]{0,30}\b(system\s+prompt|hidden\s+instructions|initial\s+instructions)\b/i },
  { name: 'fake_role_tag', re: /(^|\n)\s*(<\|?(system|im_start)\|?>|\[\s*system\s*\]|###\s*system\s*:?)/i },
  { name: 'do_anything_now', re: /\bdo\s+anything\s+now\b/i },
  { name: 'exfiltrate_memory', re: /\b(send|post|upload|exfiltrate)\b[\s\S]{0,40}\b(all\s+)?(memories|conversation\s+history|api\s+keys?|credentials)\b[\s\S]{0,40}\b(to|at)\s+(https?:\/\/|\S+@\S+)/i },
];

const ZH: InjectionPattern[] = [
  { name: 'zh_ignore_previous_instructions', re: /(忽略|无视|忘记|忘掉|不要理会|跳过|绕过)[\s\S]{0,12}?(之前|以前|先前|上面|上述|前面|所有|全部|原有|原来|系统)[\s\S]{0,12}?(指令|指示|提示|规则|设定|要求|命令|提示词)/ },
  { name: 'zh_role_override', re: /(你现在是|从现在起你是|从现在开始你是|你将扮演)[\s\S]{0,20}?(不受限制|没有限制|无限制|越狱|开发者模式|DAN)/i },
  { name: 'zh_developer_mode', re: /(开发者模式|越狱模式|上帝模式)/ },
  { name: 'zh_reveal_system_prompt', re: /(输出|显示|打印|泄露|告诉我|透露)[\s\S]{0,10}?(系统提示|系统指令|系统提示词|隐藏指令|初始指令)/ },
  { name: 'zh_new_instructions', re: /(新的|真正的)(系统)?(指令|提示词|提示)\s*[:：]/ },
];

const PATTERNS = [...EN, ...ZH];

export function scanContent(text: string): ScanVerdict {
  const inv = INVISIBLE.exec(text);
  if (inv) {
    const cp = inv[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
    return {
      ok: false,
      code: 'CONTENT_BLOCKED_INVISIBLE_UNICODE',
      reason: `invisible Unicode character U+${cp} at offset ${inv.index}`,
      match: `U+${cp}`,
    };
  }
  const normalized = text.normalize('NFKC');
  for (const p of PATTERNS) {
    const m = p.re.exec(normalized);
    if (m) return { ok: false, code: 'CONTENT_BLOCKED_INJECTION', reason: `prompt-injection pattern "${p.name}"`, match: m[0].slice(0, 120) };
  }
  return { ok: true };
}

/** Scans several fields (content, key, tags); the first blocked one decides. */
export function scanFields(fields: Record<string, string | readonly string[] | null | undefined>): ScanVerdict & { field?: string } {
  for (const [field, value] of Object.entries(fields)) {
    if (value == null) continue;
    const values = typeof value === 'string' ? [value] : value;
    for (const v of values) {
      const verdict = scanContent(v);
      if (!verdict.ok) return { ...verdict, field };
    }
  }
  return { ok: true };
}
