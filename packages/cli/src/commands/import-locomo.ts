import type { MemoryApp } from '@engram/app';
import { isEngramError, sha256Hex, type EventLog } from '@engram/core';
import type { CliIo } from '../io';
import { throwIfAborted } from '../interrupt';
import { loadLocomo } from '../locomo';
import { createProgress } from '../progress';

export interface LocomoImportOptions {
  tenantId: string;
  /** Import only the first N conversations / sessions of each (0 = all). */
  conversations: number;
  sessions: number;
}

export interface LocomoImportOutcome {
  users: number;
  sessions: number;
  messages: number;
  /** Turns the content scanner refused (recorded as WriteRejected by the write path, P2). */
  rejected: number;
  skipped: number;
}

/** What the log already holds, so a re-run (or a resumed run) appends only what is missing. */
async function alreadyImported(log: EventLog, tenantId: string, users: ReadonlySet<string>) {
  const messages = new Set<string>();
  const ended = new Set<string>();
  const rejected = new Set<string>();
  for await (const { event: e } of log.read()) {
    if (e.tenantId !== tenantId || !users.has(e.userId)) continue;
    if (e.type === 'MessageObserved') messages.add(`${e.userId}/${e.sessionId}/${e.payload.messageId}`);
    else if (e.type === 'SessionEnded') ended.add(`${e.userId}/${e.payload.sessionId}`);
    else if (e.type === 'WriteRejected' && e.payload.attempted === 'message')
      rejected.add(`${e.userId}/${e.sessionId}/${e.payload.contentSha256}`);
  }
  return { messages, ended, rejected };
}

/**
 * A LoCoMo-style file through the API's write path: each conversation is a user (its sample_id),
 * each turn a MessageObserved (messageId = dia_id, time = the session's date plus one second per
 * turn, speaker A as "user", B as "assistant"), each session closed by SessionEnded. A turn the
 * content scanner refuses is counted as rejected (the write path recorded WriteRejected) and skipped
 * on later runs.
 */
export async function importLocomo(
  app: MemoryApp,
  log: EventLog,
  file: string,
  opts: LocomoImportOptions,
  io: CliIo,
): Promise<LocomoImportOutcome> {
  let convs = await loadLocomo(file);
  if (opts.conversations > 0) convs = convs.slice(0, opts.conversations);
  const plan = convs.map((c) => ({
    ...c,
    sessions: opts.sessions > 0 ? c.sessions.slice(0, opts.sessions) : c.sessions,
  }));
  const total = plan.reduce((s, c) => s + c.sessions.reduce((t, x) => t + x.turns.length, 0), 0);
  const done = await alreadyImported(log, opts.tenantId, new Set(plan.map((c) => c.sampleId)));
  const progress = createProgress(io, 'import', total);
  const out: LocomoImportOutcome = { users: plan.length, sessions: 0, messages: 0, rejected: 0, skipped: 0 };
  let processed = 0;
  for (const conv of plan) {
    const scope = { tenantId: opts.tenantId, userId: conv.sampleId, agentId: null };
    for (const s of conv.sessions) {
      const start = Date.parse(s.startedAt);
      for (const [i, t] of s.turns.entries()) {
        processed++;
        const content = `${t.speaker}: ${t.text}${t.blip_caption ? ` [shares a photo: ${t.blip_caption}]` : ''}`;
        if (
          done.messages.has(`${conv.sampleId}/${s.sessionId}/${t.dia_id}`) ||
          done.rejected.has(`${conv.sampleId}/${s.sessionId}/${sha256Hex(content)}`)
        ) {
          out.skipped++;
          continue;
        }
        try {
          await app.observeMessage({
            scope,
            sessionId: s.sessionId,
            role: t.speaker === conv.speakerB ? 'assistant' : 'user',
            content,
            messageId: t.dia_id,
            at: new Date(start + (i + 1) * 1000).toISOString(),
            metadata: { speaker: t.speaker, source: 'locomo' },
          });
          out.messages++;
        } catch (e) {
          // A refused turn is recorded by the write path (WriteRejected); the rest of the file goes on.
          if (!isEngramError(e) || !e.code.startsWith('CONTENT_BLOCKED_')) throw e;
          out.rejected++;
        }
        progress.update(processed);
        throwIfAborted(io.signal, 'import');
      }
      if (!done.ended.has(`${conv.sampleId}/${s.sessionId}`)) {
        await app.endSession({ scope, sessionId: s.sessionId });
        out.sessions++;
      }
    }
  }
  progress.update(processed);
  progress.finish();
  return out;
}
