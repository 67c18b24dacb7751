import { startAllInOne } from '../all-in-one';
import { noPositionals, parseFlags } from '../args';
import type { Command } from '../command';
import { configOf } from '../offline';

export const startCommand: Command = {
  name: 'start',
  summary: 'run the all-in-one service (log, projectors, search index, consolidator, API, daily cold archive)',
  usage: `Usage: engram start

Runs the all-in-one Engram in this process, composed exactly like \`npm start\`
(services/engram/src/main.ts): embedded log, read store, the four projectors, the search index, the
consolidator and the HTTP API (gRPC when GRPC_PORT is set), plus the daily cold archive job
(ENGRAM_ARCHIVE_AT, default 03:00 local time; ARCHIVE_DAYS, default 90; ENGRAM_ARCHIVE_AT=off
disables it). SIGINT/SIGTERM shut it down in order.`,
  async run(argv, io) {
    noPositionals('start', parseFlags('start', argv, {}));
    await startAllInOne(configOf(io), io.env);
    // Runs until a signal: the Lifecycle closes everything and exits the process.
    await new Promise<never>(() => undefined);
    return 0;
  },
};
