import { readFileSync } from 'node:fs';
import { createOnnxEmbedder, tokenizerFromJson } from '@engram/embedder-onnx';
const lines = readFileSync('/tmp/e5-sentences.txt', 'utf8').split('\n').filter((l) => l.length);
const ref = readFileSync('/tmp/e5-ref.txt', 'utf8').split('\n').filter((l) => l.length);
const tok = tokenizerFromJson(JSON.parse(readFileSync('/tmp/models/me5/tokenizer.json', 'utf8')));
const e = createOnnxEmbedder({ modelDir: '/tmp/models/me5' });
const vs = await e.embed(lines);
lines.forEach((l, i) => {
  const want = ref[2 * i]!.split(' ').slice(1).map(Number);
  const got = tok.encode('query: ' + l, 512).ids.slice(1, -1);
  const refVec = ref[2 * i + 1]!.split(' ').slice(1).map(Number);
  const cos = refVec.reduce((s, x, j) => s + x * vs[i]![j]!, 0);
  console.log(JSON.stringify(got) === JSON.stringify(want) ? 'tokens same' : `tokens DIFFER\n got ${got}\nwant ${want}`, 'cos vs e5.c', cos.toFixed(4), l.slice(0, 30));
});
const cos = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);
for (let i = 0; i < lines.length; i++) console.log(vs.map((u) => cos(vs[i]!, u).toFixed(3)).join(' '));
