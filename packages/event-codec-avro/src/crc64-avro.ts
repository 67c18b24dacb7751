/** CRC-64-AVRO (Rabin) fingerprint from the Avro specification, over a schema's canonical form. */
const EMPTY = 0xc15d213aa4d7a795n;
const MASK = 0xffffffffffffffffn;

const TABLE: bigint[] = (() => {
  const table: bigint[] = [];
  for (let i = 0; i < 256; i++) {
    let fp = BigInt(i);
    for (let j = 0; j < 8; j++) fp = (fp >> 1n) ^ (EMPTY & (-(fp & 1n) & MASK));
    table.push(fp);
  }
  return table;
})();

export function crc64Avro(bytes: Uint8Array): bigint {
  let fp = EMPTY;
  for (const b of bytes) fp = (fp >> 8n) ^ TABLE[Number((fp ^ BigInt(b)) & 0xffn)]!;
  return fp;
}

/** The 8 fingerprint bytes as written in single-object encoding (little-endian). */
export function fingerprintBytes(fp: bigint): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, fp, true);
  return out;
}

/** Hex of the little-endian bytes: what appears on the wire and in the Kafka header. */
export function fingerprintHex(fp: bigint): string {
  return Buffer.from(fingerprintBytes(fp)).toString('hex');
}
