import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { promisify } from 'node:util';
import { EngramError } from '@engram/core';

/** Child processes (python3, pip) and file checks shared by the model pull and the converter. */
export const run = promisify(execFile);

async function sha256Of(path: string): Promise<string> {
  const h = createHash('sha256');
  for await (const chunk of createReadStream(path)) h.update(chunk as Buffer);
  return h.digest('hex');
}

/** The last lines of a failed child process's stderr, for an error message. */
export function stderrOf(e: unknown): string {
  const s = (e as { stderr?: string }).stderr?.trim() || (e as Error).message;
  return s.trim().split('\n').slice(-3).join(' | ');
}

export async function checkSha(path: string, expected: string, what: string): Promise<void> {
  const sha = await sha256Of(path);
  if (sha !== expected) throw new EngramError('VALIDATION_FAILED', `${what} has sha256 ${sha}, expected ${expected}`);
}
