import { tokenize } from '@engram/core';
import type { CandidateFact, EpisodeDraft, ExtractionMessage } from '../types';
import { languageOf, slug } from './text';

const STOP = new Set(
  'the a an and or but to of in on at for with is are was were be been am i you me my your it this that we our they he she them his her not no do does did have has had will would can could should just so very really about from as by if then than there here what when where who how why which also too yes ok okay thanks thank please hi hello hey 我 你 的 了 是 在 有 和 吗 呢 吧 啊 我们 你们 一个 这个 那个 什么 怎么 可以 没有 就是 还是 一下'.split(
    ' ',
  ),
);

function topics(messages: ExtractionMessage[], n: number): string[] {
  const counts = new Map<string, number>();
  for (const m of messages) {
    for (const t of tokenize(m.content)) {
      if (STOP.has(t) || t.length < 2 || /^\d+$/.test(t)) continue;
      counts.set(t, (counts.get(t) ?? 0) + 1);
    }
  }
  return [...counts.entries()]
    .filter(([, c]) => c > 1)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, n)
    .map(([t]) => t);
}

function clip(s: string, n: number): string {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > n ? `${t.slice(0, n - 1)}…` : t;
}

/** Entities: objects of the facts plus capitalized names inside sentences, as lower-case slugs. */
export function entitiesOf(messages: ExtractionMessage[], facts: CandidateFact[]): string[] {
  const out = new Set<string>();
  for (const f of facts) {
    if (f.kind === 'event' || f.type === 'ENVIRONMENT' || /^(?:user\.)?(?:age|birthday|birth_year|contact)/.test(f.key))
      continue;
    if (f.object.length <= 40) out.add(slug(f.object.replace(/^(?:an?|the)\s+/i, '')));
  }
  for (const m of messages) {
    if (m.role !== 'user') continue;
    for (const match of m.content.matchAll(/(?<=[a-z,;:]\s)([A-Z][\p{L}'-]+(?:\s+[A-Z][\p{L}'-]+){0,2})/gu))
      out.add(slug(match[1]!));
  }
  out.delete('unknown');
  return [...out].slice(0, 20);
}

/** Rule-based episode (K5): who said how much, the opening request, what was learned, the topics. */
export function summarizeEpisode(messages: ExtractionMessage[], facts: CandidateFact[]): EpisodeDraft {
  const user = messages.filter((m) => m.role === 'user');
  const zh = user.filter((m) => languageOf(m.content) === 'zh').length * 2 > user.length;
  const first = user[0]?.content ?? messages[0]?.content ?? '';
  // A habit read from any verb restates its message: it is listed last and does not make the session weigh more.
  const habit = (f: CandidateFact) => f.key.startsWith('user.does.');
  const informative = facts.filter((f) => !habit(f));
  const learned = [...informative, ...facts.filter(habit)].map((f) => f.content);
  const topicList = topics(messages, 5);
  const parts: string[] = [];
  if (zh) {
    parts.push(`本次会话共${messages.length}条消息（用户${user.length}条）。`);
    if (first) parts.push(`用户开头说：“${clip(first, 120)}”。`);
    if (learned.length) parts.push(`了解到：${learned.slice(0, 8).join('；')}。`);
    if (topicList.length) parts.push(`话题：${topicList.join('、')}。`);
  } else {
    parts.push(`Session of ${messages.length} messages (${user.length} from the user).`);
    if (first) parts.push(`The user opened with: "${clip(first, 120)}".`);
    if (learned.length) parts.push(`Learned: ${learned.slice(0, 8).join('; ')}.`);
    if (topicList.length) parts.push(`Topics: ${topicList.join(', ')}.`);
  }
  const profile = facts.some((f) => f.kind === 'profile');
  const importance = Math.min(
    0.95,
    0.3 + 0.08 * informative.length + (profile ? 0.1 : 0) + Math.min(0.1, messages.length / 100),
  );
  return {
    summary: parts.join(' '),
    entityIds: entitiesOf(messages, facts),
    importance: Math.round(importance * 100) / 100,
  };
}
