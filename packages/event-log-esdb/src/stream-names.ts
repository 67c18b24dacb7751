/**
 * Stream names. Events of one tenant + user live in `<prefix>-<tenant>-<user>`; each part is
 * percent-encoded with "-" encoded too, so the separator is unambiguous and a name never starts
 * with "$" (system streams). Consumer checkpoints live in `<prefix>:checkpoint-<name>`, outside the
 * `<prefix>-` filter the subscriptions use.
 */
export const DEFAULT_STREAM_PREFIX = 'engram';

export function escapeStreamPart(part: string): string {
  return encodeURIComponent(part).replace(
    /[-.!~*'()]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
}

export function unescapeStreamPart(part: string): string {
  return decodeURIComponent(part);
}

export function assertValidStreamPrefix(prefix: string): void {
  if (!/^[A-Za-z0-9_]{1,64}$/.test(prefix))
    throw new Error(`stream prefix must match [A-Za-z0-9_]{1,64}, got "${prefix}"`);
}

/** What every event stream name starts with (the $all filter). */
export function eventStreamPrefix(prefix: string): string {
  return `${prefix}-`;
}

export function eventStreamName(prefix: string, tenantId: string, userId: string): string {
  return `${eventStreamPrefix(prefix)}${escapeStreamPart(tenantId)}-${escapeStreamPart(userId)}`;
}

/** The tenant and user of an event stream name, or null if it is not one. */
export function parseEventStreamName(prefix: string, stream: string): { tenantId: string; userId: string } | null {
  const start = eventStreamPrefix(prefix);
  if (!stream.startsWith(start)) return null;
  const parts = stream.slice(start.length).split('-');
  if (parts.length !== 2) return null;
  try {
    return { tenantId: unescapeStreamPart(parts[0]!), userId: unescapeStreamPart(parts[1]!) };
  } catch {
    return null;
  }
}

export function checkpointStreamName(prefix: string, consumer: string): string {
  return `${prefix}:checkpoint-${escapeStreamPart(consumer)}`;
}
