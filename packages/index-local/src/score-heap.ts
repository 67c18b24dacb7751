/**
 * A binary heap of (node, score) pairs on parallel arrays: `max` pops the highest score first,
 * otherwise the lowest. Used by the graph search, where allocating an object per visit would cost
 * more than the dot products.
 */
export class ScoreHeap {
  private nodes: number[] = [];
  private keys: number[] = [];
  private readonly sign: number;

  constructor(max: boolean) {
    this.sign = max ? -1 : 1;
  }

  get size(): number {
    return this.nodes.length;
  }

  /** Score of the element `pop` would return. */
  topScore(): number {
    return this.sign * this.keys[0]!;
  }

  topNode(): number {
    return this.nodes[0]!;
  }

  push(node: number, score: number): void {
    const { nodes, keys } = this;
    const key = this.sign * score;
    let i = nodes.length;
    nodes.push(node);
    keys.push(key);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (keys[parent]! <= key) break;
      nodes[i] = nodes[parent]!;
      keys[i] = keys[parent]!;
      i = parent;
    }
    nodes[i] = node;
    keys[i] = key;
  }

  pop(): number {
    const { nodes, keys } = this;
    const top = nodes[0]!;
    const lastNode = nodes.pop()!;
    const lastKey = keys.pop()!;
    const n = nodes.length;
    if (n === 0) return top;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      const c = r < n && keys[r]! < keys[l]! ? r : l;
      if (keys[c]! >= lastKey) break;
      nodes[i] = nodes[c]!;
      keys[i] = keys[c]!;
      i = c;
    }
    nodes[i] = lastNode;
    keys[i] = lastKey;
    return top;
  }

  /** Every (node, score), in no particular order. */
  entries(): Array<[node: number, score: number]> {
    return this.nodes.map((n, i) => [n, this.sign * this.keys[i]!]);
  }
}
