#!/usr/bin/env node
// The `engram` command. `engram start` runs the all-in-one service (services/engram, exactly what
// `npm start` runs); every other command is the operator CLI (packages/cli). Neither imports the
// other: this launcher is the only place that knows both.
import { register } from 'tsx/esm/api';

register();
const [command, ...rest] = process.argv.slice(2);
if (command === 'start' && rest.length === 0) {
  await import(new URL('../services/engram/src/main.ts', import.meta.url).href);
} else {
  await import(new URL('../packages/cli/src/main.ts', import.meta.url).href);
}
