/**
 * `npm run bench -- <name> [args]`: runs test/bench/<name>.ts, whose default export takes argv.
 * Benchmarks print a table and (with --out) a JSON result; figures go to docs/benchmarks.md.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const [name, ...args] = process.argv.slice(2);
const available = readdirSync(here)
  .filter((f) => f.endsWith('.ts') && f !== 'main.ts')
  .map((f) => f.slice(0, -3));
if (!name || !available.includes(name)) {
  console.error(`usage: npm run bench -- <${available.join('|')}> [options]`);
  process.exit(2);
}
const mod = (await import(join(here, `${name}.ts`))) as { default: (argv: string[]) => Promise<void> };
await mod.default(args);
