/**
 * Converting model weights to ONNX at pull time: bert_to_onnx.py run with CONVERTER_TOOLS (pinned
 * numpy, onnx, onnxruntime) that `pip install --target` puts into a tools directory once.
 */
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rename, rm, unlink } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EngramError } from '@engram/core';
import { checkSha, run, stderrOf } from './pull-support';
import { CONVERTER_TOOLS, type BertConversion } from './registry';

export const BERT_TO_ONNX_SCRIPT = fileURLToPath(new URL('./bert_to_onnx.py', import.meta.url));

/**
 * A directory holding CONVERTER_TOOLS (installed with `pip install --target` on first use, into a
 * sibling and renamed, so a half-finished install is never used).
 */
export function converterToolsPath(python: string, toolsDir: string): string {
  const key = createHash('sha256')
    .update(`${python}\0${CONVERTER_TOOLS.join(' ')}`)
    .digest('hex')
    .slice(0, 12);
  return join(resolve(toolsDir), `bert-to-onnx-${key}`);
}

export async function ensureConverterTools(python: string, toolsDir: string, pipArgs: string[] = []): Promise<string> {
  const target = converterToolsPath(python, toolsDir);
  if (existsSync(target)) return target;
  await mkdir(resolve(toolsDir), { recursive: true });
  const staging = await mkdtemp(`${target}.partial-`);
  try {
    const args = [
      '-m',
      'pip',
      'install',
      '--only-binary=:all:',
      '--disable-pip-version-check',
      '--no-warn-script-location',
      '-q',
      '--target',
      staging,
      ...pipArgs,
      ...CONVERTER_TOOLS,
    ];
    await run(python, args, { maxBuffer: 16 << 20 });
    await chmod(staging, 0o755); // mkdtemp made it private
    await rename(staging, target);
    return target;
  } catch (e) {
    throw new EngramError(
      'UNSUPPORTED',
      `pip could not install the converter's ${CONVERTER_TOOLS.join(', ')}: ${stderrOf(e)}`,
      { cause: e },
    );
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Runs bert_to_onnx.py with the converter tools on its path. */
export async function runBertToOnnx(python: string, tools: string, args: string[]): Promise<string> {
  const { stdout } = await run(python, [BERT_TO_ONNX_SCRIPT, ...args], {
    env: { ...process.env, PYTHONPATH: tools },
    maxBuffer: 256 << 20,
  });
  return stdout;
}

/** Converts the staged weights as `conv` says, checks every output, then drops the weights. */
export async function convertToOnnx(
  python: string,
  staging: string,
  conv: BertConversion,
  tools: string,
): Promise<void> {
  await mkdir(join(staging, 'onnx'), { recursive: true });
  const weights = join(staging, conv.weights);
  const args =
    conv.format === 'e5s1'
      ? ['--e5s1', weights, staging]
      : [weights, join(staging, 'config.json'), join(staging, 'onnx', 'model.onnx')];
  try {
    await runBertToOnnx(python, tools, args);
  } catch (e) {
    throw new EngramError('UNSUPPORTED', `converting ${conv.weights} to ONNX failed: ${stderrOf(e)}`, { cause: e });
  }
  if (conv.quantize === 'int8') {
    const graph = join(staging, 'onnx', 'model.onnx');
    try {
      await runBertToOnnx(python, tools, ['--quantize-int8', graph, `${graph}.int8`]);
    } catch (e) {
      throw new EngramError('UNSUPPORTED', `quantizing the ONNX graph to int8 failed: ${stderrOf(e)}`, { cause: e });
    }
    await rename(`${graph}.int8`, graph);
  }
  for (const [file, sha256] of Object.entries(conv.outputs))
    await checkSha(join(staging, file), sha256, `the converted ${file}`);
  await unlink(weights);
}
