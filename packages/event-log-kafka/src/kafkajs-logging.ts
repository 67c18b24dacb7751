import { logLevel, type logCreator } from 'kafkajs';
import { type Logger } from '@engram/core';

/**
 * Routes kafkajs' own log lines to our logger. kafkajs reports retried, transient conditions
 * (a coordinator still loading, a leader moving) at ERROR; they are warnings to us: what fails
 * for good surfaces as a rejected call or a crashed consumer.
 */
export function kafkajsLogCreator(logger: Logger): logCreator {
  return () =>
    ({ level, log }) => {
      const { message, ...rest } = log;
      const details = { kafkajs: rest };
      if (level === logLevel.ERROR || level === logLevel.WARN) logger.warn(details, `kafkajs: ${message}`);
      else logger.debug?.(details, `kafkajs: ${message}`);
    };
}
