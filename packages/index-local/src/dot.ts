/**
 * Dot product of `n` floats of `a` from `aOff` and of `b` from `bOff`, with four accumulators (lets
 * the JIT pipeline the multiply-adds).
 */
function dotAt(a: Float32Array, aOff: number, b: Float32Array, bOff: number, n: number): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let i = 0;
  for (; i + 3 < n; i += 4) {
    s0 += a[aOff + i]! * b[bOff + i]!;
    s1 += a[aOff + i + 1]! * b[bOff + i + 1]!;
    s2 += a[aOff + i + 2]! * b[bOff + i + 2]!;
    s3 += a[aOff + i + 3]! * b[bOff + i + 3]!;
  }
  for (; i < n; i++) s0 += a[aOff + i]! * b[bOff + i]!;
  return s0 + s1 + s2 + s3;
}

/** Dot product of `n` floats of `a` from `aOff` with the vector `b`. */
export function dot(a: Float32Array, aOff: number, b: Float32Array, n: number): number {
  return dotAt(a, aOff, b, 0, n);
}

/** Dot product of two vectors stored in the same array, at `aOff` and `bOff`. */
export function dotWithin(a: Float32Array, aOff: number, bOff: number, n: number): number {
  return dotAt(a, aOff, a, bOff, n);
}
