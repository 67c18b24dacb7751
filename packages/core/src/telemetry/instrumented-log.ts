import type { EventLog } from '../ports/event-log';
import type { Telemetry } from '../ports/telemetry';
import { inSpan, isTraceparent, timed } from './spans';

/**
 * The log as the service sees it, measured (issue 19): each append is a span and feeds the append
 * histogram, the per-type event counter and the rejected-writes counter; each batch a consumer
 * (projector, search index, consolidator) is handed is a span in the trace of the writes it applies
 * and moves that consumer's lag in seconds. With tracing on, an event appended without a
 * correlation id carries its append span's traceparent as one: that is how a projector in another
 * process finds the trace of the write (the envelope already has the field; no schema change).
 */
export function createInstrumentedLog<L extends EventLog>(log: L, telemetry: Telemetry): L {
  const { metrics, tracer } = telemetry;
  const append: EventLog['append'] = (events, opts) => {
    const types = events.map((e) => e.type);
    return inSpan(
      tracer,
      'log.append',
      { kind: 'producer', attributes: { 'engram.events': events.length, 'engram.event.types': [...new Set(types)] } },
      async (span) => {
        const traced = span.traceparent;
        const stamped = traced
          ? events.map((e) => (e.correlationId === null ? { ...e, correlationId: traced } : e))
          : events;
        const result = await timed(
          () => log.append(stamped, opts),
          (s) => metrics.logAppend(s, types),
        );
        for (const e of events) if (e.type === 'WriteRejected') metrics.writeRejected(e.payload.code);
        return result;
      },
    );
  };
  const subscribe: EventLog['subscribe'] = (handler, opts) => {
    // "projector-a+b": projectors a and b applying each batch together (one span and lag each).
    const projections = opts.name.replace(/^projector-/, '').split('+');
    return log.subscribe(async (batch) => {
      const writes = [...new Set(batch.map((s) => s.event.correlationId).filter(isTraceparent))];
      const applyAs = (i: number): Promise<void> =>
        i === projections.length
          ? handler(batch)
          : inSpan(
              tracer,
              `projection.apply ${projections[i]}`,
              {
                kind: 'consumer',
                // One write's batch continues its trace; a batch of many writes links to each of them.
                parent: writes.length === 1 ? writes[0]! : null,
                links: writes.length > 1 ? writes : [],
                attributes: { 'engram.projection': projections[i]!, 'messaging.batch.message_count': batch.length },
              },
              () => applyAs(i + 1),
            );
      await applyAs(0);
      const newest = batch[batch.length - 1];
      if (newest) for (const p of projections) metrics.projectionApplied(p, newest.event.recordedAt);
    }, opts);
  };
  return new Proxy(log, {
    get(target, prop) {
      if (prop === 'append') return append;
      if (prop === 'subscribe') return subscribe;
      const v = Reflect.get(target, prop, target) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}
