/** Entry point of the `engram` command's operator CLI (bin/engram.mjs runs it through tsx). */
import { runCli } from './cli';
import { processIo } from './io';

const controller = new AbortController();
let interrupts = 0;
const onSignal = () => {
  interrupts += 1;
  // A second Ctrl-C leaves at once; the first lets the job stop at a batch boundary.
  if (interrupts > 1) process.exit(130);
  process.stderr.write('\nengram: stopping after the current batch (Ctrl-C again to quit now)\n');
  controller.abort();
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

runCli(process.argv.slice(2), processIo(controller.signal)).then(
  (code) => {
    process.exitCode = controller.signal.aborted && code !== 0 ? 130 : code;
  },
  (e: unknown) => {
    process.stderr.write(`engram: ${(e as Error).stack ?? String(e)}\n`);
    process.exitCode = 1;
  },
);
