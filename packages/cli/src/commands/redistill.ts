import { createLlmEngine, createRulesEngine, type ExtractionEngine } from '@engram/consolidation';
import { openLlm } from '@engram/runtime';
import { noPositionals, parseFlags } from '../args';
import { redistill } from '../archive/redistill';
import type { Command } from '../command';
import { withOffline } from '../offline';

export const redistillCommand: Command = {
  name: 'redistill',
  summary: 'run fact extraction again over the cold archive, skipping what this extractor already did',
  usage: `Usage: engram redistill [--rules]

Reads every archive batch under <data dir>/archive and runs the consolidation extraction engine
(the LLM engine when OPENAI_BASE_URL is configured, else the deterministic rules engine) over each
record; facts are appended as FactExtracted (source consolidated). Records whose content
fingerprint was already processed by the same extractor id (e.g. "rules@1") are skipped, recorded
in <data dir>/archive/redistilled.jsonl. Works offline (refuses while the service runs).

Options:
  --rules   use the rules engine even when an LLM is configured`,
  async run(argv, io) {
    const a = parseFlags('redistill', argv, { rules: { type: 'boolean' } });
    noPositionals('redistill', a);
    const out = await withOffline(io, 'redistill', async (f) => {
      const rules = createRulesEngine();
      const llm = a.flags.rules ? null : await openLlm(f.cfg);
      const engine: ExtractionEngine = llm
        ? createLlmEngine({ llm, fallback: rules, logger: f.logger.child({ component: 'llm-extraction' }) })
        : rules;
      return redistill(f.log, f.cfg.dataDir, engine, io);
    });
    io.stdout.write(`${JSON.stringify(out)}\n`);
    return 0;
  },
};
