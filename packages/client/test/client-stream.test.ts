import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHttpStack, type HttpStack } from '../../api-http/test/http-server';
import { EngramApiError, EngramClient, type StreamItem } from '../src/index';

describe('@engram/client stream()', () => {
  let s: HttpStack;
  beforeAll(async () => {
    s = await openHttpStack();
  }, 60_000);
  afterAll(async () => {
    await s?.close();
  });

  const take = async (it: AsyncIterator<StreamItem>, n: number) => {
    const out: StreamItem[] = [];
    while (out.length < n) {
      const r = await it.next();
      if (r.done) break;
      out.push(r.value);
    }
    return out;
  };

  it('iterates a user’s events live and, after the connection drops, resumes from the last id without loss or repeats', async () => {
    const connects: Array<string | null> = [];
    // The first connection is cut after its second event, as a network failure would.
    const cutting: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      const n = connects.push(new Headers(init?.headers).get('last-event-id'));
      if (n !== 1 || !res.body) return res;
      // Passes on everything up to the end of the second event, then fails the body.
      let text = '';
      const reader = res.body.getReader();
      const body = new ReadableStream<Uint8Array>({
        async pull(ctl) {
          const { value, done } = await reader.read();
          if (done) return ctl.close();
          text += new TextDecoder().decode(value);
          const messages = text.split('\n\n');
          const ends = messages.map((m, i) => ({ m, i })).filter((x) => x.m.includes('\nevent: '));
          if (ends.length < 2 || messages.length <= ends[1]!.i + 1) return;
          ctl.enqueue(new TextEncoder().encode(messages.slice(0, ends[1]!.i + 1).join('\n\n') + '\n\n'));
          await reader.cancel();
          ctl.error(new Error('connection reset'));
        },
      });
      return new Response(body, { status: res.status, headers: res.headers });
    };
    const c = new EngramClient({ baseUrl: s.base, fetch: cutting });
    const writer = new EngramClient({ baseUrl: s.base });
    const first = await writer.remember({ userId: 'zoe', type: 'USER', content: 'Zoe likes kites' });
    const it = c
      .stream({ userId: 'zoe', types: ['MemoryWritten'], from: first.position!, reconnectDelayMs: 50 })
      [Symbol.asyncIterator]();
    const written = [first];
    for (const content of ['Zoe owns a tandem bike', 'Zoe grows tomatoes', 'Zoe speaks Welsh'])
      written.push(await writer.remember({ userId: 'zoe', type: 'USER', content }));
    const got = await take(it, 4);
    expect(got.map((g) => g.event.data.memoryId)).toEqual(written.map((w) => w.id));
    expect(got.map((g) => g.id)).toEqual(written.map((w) => w.position));
    // Two connections: the second resumed after the last event of the first.
    expect(connects).toHaveLength(2);
    expect(connects[1]).toBe(got[1]!.id);
    // Live again after the resume: a new write arrives with its content.
    const fifth = await writer.remember({ userId: 'zoe', type: 'USER', content: 'Zoe moved to Cardiff' });
    const [live] = await take(it, 1);
    expect(live!.event).toMatchObject({ position: fifth.position, content: { content: 'Zoe moved to Cardiff' } });
    await it.return?.(undefined);
  });

  it('throws a refusal as EngramApiError instead of reconnecting', async () => {
    const c = new EngramClient({ baseUrl: s.base });
    const err = await c
      .stream({ from: 'not-a-position' })
      .next()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngramApiError);
    expect(err).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
  });
});
