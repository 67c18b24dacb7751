export { runCli, mainUsage, EXIT_OK, EXIT_FAILURE, EXIT_USAGE } from './cli';
export type { CliIo } from './io';
export { redistill, type RedistillOutcome } from './archive/redistill';
export { replaySql, type SqlReplayOptions } from './replay/sql-replay';
export { replaySearchIndex } from './replay/search-replay';
export { reembed, type ReembedOptions } from './reembed/reembed';
export { collectStats, type EngramStats } from './commands/stats';
