import type { ExtractionMessage, SkillCandidate } from '../types';
import { languageOf } from './text';

const REQUEST_EN =
  /\b(?:how\s+(?:do|can|should|would)\s+i|how\s+to|help\s+me(?:\s+to)?|can\s+you\s+(?:help\s+me\s+|show\s+me\s+how\s+to\s+)?|i\s+need\s+to|walk\s+me\s+through(?:\s+how\s+to)?)\s+(.+?)[?.!]*$/i;
const REQUEST_ZH = /(?:怎么|如何|怎样|教我|帮我|请帮我|我需要|我想)(.+?)[？?。！!]*$/u;
const SUCCESS =
  /\b(?:it\s+)?(?:worked|works(?:\s+now)?|is\s+working|fixed\s+it|that\s+fixed|solved|did\s+the\s+trick|that\s+did\s+it|perfect|success(?:ful)?|all\s+good\s+now|it\s+runs)\b|成功了|好了|解决了|可以了|搞定了|有效|管用|没问题了/iu;
const FAILURE =
  /\b(?:did(?:\s+not|n't)\s+work|does(?:\s+not|n't)\s+work|not\s+working|still\s+(?:fails|failing|broken|errors?|crashes)|same\s+error|no\s+luck|failed)\b|不行|没用|还是报错|失败了|没有用|还是不行/iu;

/** Numbered / bulleted lines, or "first …, then …, finally …" sentences, as steps. */
export function stepsOf(text: string): string[] {
  const lines = text.split(/\n+/).map((l) => l.trim());
  const listed = lines
    .map((l) =>
      /^(?:\d+[.)、]|[-*•]|step\s+\d+[:.]?|第[一二三四五六七八九十\d]+步[:：]?)\s*(.+)$/iu.exec(l)?.[1]?.trim(),
    )
    .filter((s): s is string => !!s && s.length > 1);
  if (listed.length >= 2) return listed;
  const seq = text
    .split(
      /(?:^|[,.;，。；]\s*)(?:first(?:ly)?|then|next|after\s+that|finally|lastly|首先|然后|接着|之后|最后)[,，]?\s*/iu,
    )
    .map((s) => s.trim().replace(/[.;。；]+$/u, ''))
    .filter((s) => s.length > 1);
  return /(?:first|首先)/iu.test(text) && seq.length >= 2
    ? seq.slice(/^(?:first|首先)/iu.test(text.trim()) ? 0 : 1)
    : [];
}

/** M6: a request, an assistant answer with steps, and the user's verdict make one skill. */
export function extractSkills(messages: ExtractionMessage[]): SkillCandidate[] {
  const out: SkillCandidate[] = [];
  for (let i = 0; i + 2 < messages.length; i++) {
    const req = messages[i]!;
    if (req.role !== 'user') continue;
    const zh = languageOf(req.content) === 'zh';
    const m = (zh ? REQUEST_ZH : REQUEST_EN).exec(req.content.trim());
    if (!m) continue;
    const answerIdx = messages.findIndex((x, j) => j > i && x.role === 'assistant');
    if (answerIdx < 0) continue;
    const answer = messages[answerIdx]!;
    const steps = stepsOf(answer.content);
    if (steps.length < 2) continue;
    const verdict = messages.slice(answerIdx + 1).find((x) => x.role === 'user');
    if (!verdict) continue;
    const failed = FAILURE.test(verdict.content);
    const succeeded = !failed && SUCCESS.test(verdict.content);
    if (!failed && !succeeded) continue;
    const name = m[1]!.trim().replace(/\s+/g, ' ').slice(0, 120);
    out.push({
      name,
      whenToUse: zh ? `当用户需要${name}时` : `When the user needs to ${name}`,
      steps: steps.slice(0, 20),
      success: succeeded,
      sourceMessageIds: [req.messageId, answer.messageId, verdict.messageId],
    });
  }
  return out;
}
