import type { Command } from '../command';
import { archiveCommand } from './archive';
import { deadLettersCommand } from './dead-letters';
import { logCommand } from './log';
import { mcpCommand } from './mcp';
import { exportCommand } from './export';
import { forgetCommand } from './forget';
import { importCommand } from './import';
import { keysCommand } from './keys';
import { modelsCommand } from './models';
import { redistillCommand } from './redistill';
import { reembedCommand } from './reembed';
import { replayCommand } from './replay';
import { startCommand } from './start';
import { statsCommand } from './stats';

export const COMMANDS: readonly Command[] = [
  startCommand,
  statsCommand,
  forgetCommand,
  exportCommand,
  importCommand,
  replayCommand,
  reembedCommand,
  archiveCommand,
  redistillCommand,
  modelsCommand,
  logCommand,
  deadLettersCommand,
  keysCommand,
  mcpCommand,
];
