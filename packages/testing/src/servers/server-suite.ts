import { beforeEach, describe } from 'vitest';
import { requiredTestServers, TEST_REQUIRE_ENV, TEST_SERVERS, testServerUrl, type TestServer } from './env';

/**
 * A suite that needs real servers. Its tests are registered either way, so a run without the servers
 * reports every one of them as skipped (with the count) instead of losing them; when
 * ENGRAM_TEST_REQUIRE names a missing server the suite fails instead. `body` gets each server's
 * address ('' for a missing one: the suite is then skipped or failing, and nothing in it runs).
 */
export function describeWithServers<const S extends readonly TestServer[]>(
  servers: S,
  name: string,
  body: (urls: Record<S[number], string>) => void,
): void {
  const urls = Object.fromEntries(servers.map((s) => [s, testServerUrl(s) ?? ''])) as Record<S[number], string>;
  const missing = servers.filter((s) => !testServerUrl(s));
  if (missing.length === 0) {
    describe(name, () => body(urls));
    return;
  }
  const required = new Set<TestServer>(requiredTestServers());
  const fatal = missing.filter((s) => required.has(s));
  const unset = missing.map((s) => TEST_SERVERS[s].env).join(' and ');
  if (fatal.length === 0) {
    describe.skip(`${name} [skipped: ${unset} not set; ${missing.map((s) => TEST_SERVERS[s].hint).join('; ')}]`, () =>
      body(urls));
    return;
  }
  describe(name, () => {
    // Each test fails on its own, so the report counts them as failed, not skipped.
    beforeEach(() => {
      throw new Error(
        `${TEST_REQUIRE_ENV} requires ${fatal.join(', ')}, but ${unset} is not set: this suite cannot run here`,
      );
    });
    body(urls);
  });
}
