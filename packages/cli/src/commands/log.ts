import { repairFileLog, verifyFileLog, type CutReport, type VerifyReport } from '@engram/event-log-file';
import { EngramError } from '@engram/core';
import { openEventCodec } from '@engram/runtime';
import { intFlag, parseFlags } from '../args';
import type { Command } from '../command';
import { configOf } from '../offline';
import { assertServiceStopped } from '../service-guard';
import { UsageError } from '../usage-error';

function renderCut(c: CutReport): string {
  return [
    `cut from offset ${c.fromOffset} (segment ${c.segment}, byte ${c.byte}) to the end (offset ${c.headBefore}):`,
    `  ${c.records} records, ${c.bytes} bytes${c.segmentsRemoved.length > 0 ? `, segments removed: ${c.segmentsRemoved.join(', ')}` : ''}`,
  ].join('\n');
}

function renderVerify(r: VerifyReport): string {
  const lines = [
    `log          ${r.dir}`,
    `segments     ${r.segments.length}, ${r.records} records read back intact`,
    `acknowledged ${r.acknowledged ? `up to offset ${r.acknowledged.nextOffset} (segment ${r.acknowledged.segmentBase}, byte ${r.acknowledged.byteEnd})` : 'no watermark (a log from an older version)'}`,
  ];
  if (r.unacknowledgedTail)
    lines.push(
      `torn tail    ${r.unacknowledgedTail.bytes} bytes (${r.unacknowledgedTail.records} records) after the acknowledged end: cut at the next start, not damage`,
    );
  if (!r.damage) {
    lines.push('ok           no damage');
    return lines.join('\n');
  }
  const d = r.damage;
  lines.push(
    `DAMAGE       segment ${d.path}, byte ${d.byte}, record offset ${d.offset}: ${d.reason}${d.acknowledged ? ' (inside acknowledged data: the service refuses to start)' : ''}`,
  );
  if (r.repair)
    lines.push(
      renderCut(r.repair),
      `to cut it: engram log repair --truncate-at ${r.repair.fromOffset} --yes   (then rebuild the read models: engram replay)`,
    );
  return lines.join('\n');
}

export const logCommand: Command = {
  name: 'log',
  summary: 'check the embedded event log (verify) or cut it at a damaged record (repair --truncate-at)',
  usage: `Usage: engram log verify [--json]
       engram log repair --truncate-at OFFSET [--yes] [--json]

verify   reads every segment of the embedded log: each record's CRC, the offset sequence, that it
         decodes, against the acknowledged end. Prints what is damaged, where (segment, byte, record
         offset), whether it lies inside acknowledged data, and exactly what a cut there would
         remove. Exit 0 when nothing is damaged, 1 otherwise. Changes nothing.
repair   cuts the log so that it ends before OFFSET (moved back to the start of its append): the
         records from there on are removed for good. Without --yes it only prints what would be
         cut. Read models built from the cut records must be rebuilt afterwards (engram replay):
         projectors refuse to start while their checkpoint lies beyond the end of the log.

Both work offline (they refuse while the service has the data directory open).

Options:
  --truncate-at OFFSET  the first record offset to cut (engram log verify suggests one)
  --yes                 really cut (default: report only)
  --json                one JSON object instead of text`,
  async run(argv, io) {
    const a = parseFlags('log', argv, {
      'truncate-at': { type: 'string' },
      yes: { type: 'boolean' },
      json: { type: 'boolean' },
    });
    const [action, ...rest] = a.positionals;
    if (rest.length > 0 || (action !== 'verify' && action !== 'repair'))
      throw new UsageError('expected `log verify` or `log repair --truncate-at OFFSET`', 'log');
    const cfg = configOf(io);
    if (cfg.log.kind !== 'file')
      throw new EngramError(
        'UNSUPPORTED',
        `engram log works on the embedded file log; this configuration uses ${cfg.log.kind} (use its own tools)`,
      );
    assertServiceStopped(cfg, 'log');
    if (action === 'verify') {
      const report = await verifyFileLog(cfg.log.dir, { codec: await openEventCodec() });
      io.stdout.write(`${a.flags.json ? JSON.stringify(report) : renderVerify(report)}\n`);
      return report.ok ? 0 : 1;
    }
    if (a.flags['truncate-at'] === undefined) throw new UsageError('--truncate-at OFFSET is required', 'log');
    const truncateAt = intFlag('log', a, 'truncate-at', 0, 0);
    const cut = await repairFileLog(cfg.log.dir, { truncateAt, apply: a.flags.yes === true });
    if (a.flags.json) io.stdout.write(`${JSON.stringify(cut)}\n`);
    else
      io.stdout.write(
        `${cut.applied ? 'CUT: ' : 'would '}${renderCut(cut)}\n${cut.applied ? 'now rebuild the read models: engram replay' : 'run again with --yes to cut'}\n`,
      );
    return 0;
  },
};
