#!/usr/bin/env node
// The `engram` command. `engram start` runs the all-in-one service (services/engram, exactly what
// `npm start` runs); every other command is the operator CLI (packages/cli). Neither imports the
// other: this launcher is the only place that knows both. Both run as compiled JavaScript
// (infra/build: made by `npm ci`, remade here when a source changed since).
import { launch } from '../infra/build/launch.mjs';

const [command, ...rest] = process.argv.slice(2);
await launch(command === 'start' && rest.length === 0 ? 'services/engram' : 'packages/cli');
