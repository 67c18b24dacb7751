import { noPositionals, parseFlags } from '../args';
import type { Command } from '../command';

/**
 * `engram start` runs the all-in-one service: the launcher (bin/engram.mjs) hands it to
 * services/engram, so the CLI never composes the service. The CLI keeps its help and refuses
 * arguments; reached any other way it says where the service starts.
 */
export const startCommand: Command = {
  name: 'start',
  summary: 'run the all-in-one service (log, projectors, search index, consolidator, API, daily cold archive)',
  usage: `Usage: engram start

Runs the all-in-one Engram in this process, exactly like \`npm start\` (services/engram/src/main.ts):
embedded log, read store, the four projectors, the search index, the consolidator and the HTTP API
(gRPC when GRPC_PORT is set), plus the daily cold archive job (ENGRAM_ARCHIVE_AT, default 03:00
local time; ARCHIVE_DAYS, default 90; ENGRAM_ARCHIVE_AT=off disables it). SIGINT/SIGTERM shut it
down in order.`,
  async run(argv) {
    noPositionals('start', parseFlags('start', argv, {}));
    throw new Error(
      'engram start runs the service through the engram launcher (bin/engram.mjs) or `npm start`, not inside the CLI',
    );
  },
};
