import { EngramError } from '@engram/core';
import { fingerprintBytes } from './crc64-avro';

/** Avro single-object encoding: 0xC3 0x01, 8-byte little-endian CRC-64-AVRO fingerprint, binary body. */
export const SINGLE_OBJECT_MARKER = Uint8Array.of(0xc3, 0x01);
export const SINGLE_OBJECT_HEADER_BYTES = 10;

export function frameSingleObject(fingerprint: bigint, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(SINGLE_OBJECT_HEADER_BYTES + body.length);
  out.set(SINGLE_OBJECT_MARKER, 0);
  out.set(fingerprintBytes(fingerprint), 2);
  out.set(body, SINGLE_OBJECT_HEADER_BYTES);
  return out;
}

export function unframeSingleObject(bytes: Uint8Array): { fingerprint: bigint; body: Buffer } {
  if (!(bytes instanceof Uint8Array)) throw new EngramError('DECODE_FAILED', 'event bytes must be a Uint8Array');
  if (bytes.length < SINGLE_OBJECT_HEADER_BYTES || bytes[0] !== 0xc3 || bytes[1] !== 0x01) {
    throw new EngramError('DECODE_FAILED', 'not an Avro single-object encoded event (missing C3 01 header)');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const fingerprint = view.getBigUint64(2, true);
  const body = Buffer.from(
    bytes.buffer,
    bytes.byteOffset + SINGLE_OBJECT_HEADER_BYTES,
    bytes.length - SINGLE_OBJECT_HEADER_BYTES,
  );
  return { fingerprint, body };
}
