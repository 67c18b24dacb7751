import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { EngramError, SEALED_PREFIX, type DataKey, type FieldCipher } from '@engram/core';

const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const EVENT_KEY_INFO = 'engram-seal-v1\u0000';
const ONE = Buffer.from([1]);
const SLOT_INFO = 'engram-slot-v1\u0000';

/**
 * AES-256-GCM over one field value. A sealed value is `SEALED_PREFIX + kid + "." + base64url(nonce
 * ‖ ciphertext ‖ tag)`; each event's fields use a key derived from the data key and the event id
 * (HKDF-Expand with SHA-256, the random data key as its PRK: one HMAC), so an erasure can keep one
 * event readable while destroying the key it came from.
 * The additional data binds a value to its event and field: moved anywhere else it does not open.
 */
export function createAesGcmCipher(): FieldCipher {
  return {
    eventKey(key: DataKey, eventId: string): Uint8Array {
      if (key.material.length !== 32)
        throw new EngramError('INTERNAL', `data key ${key.kid} is ${key.material.length} bytes, not 32`);
      return new Uint8Array(
        createHmac('sha256', key.material).update(EVENT_KEY_INFO).update(eventId, 'utf8').update(ONE).digest(),
      );
    },

    seal(eventKey, kid, plaintext, aad) {
      const nonce = randomBytes(NONCE_BYTES);
      const c = createCipheriv('aes-256-gcm', eventKey, nonce, { authTagLength: TAG_BYTES });
      c.setAAD(Buffer.from(aad, 'utf8'));
      const body = Buffer.concat([nonce, c.update(plaintext, 'utf8'), c.final(), c.getAuthTag()]);
      return `${SEALED_PREFIX}${kid}.${body.toString('base64url')}`;
    },

    open(eventKey, sealed, aad) {
      const dot = sealed.indexOf('.', SEALED_PREFIX.length);
      const body = dot < 0 ? null : Buffer.from(sealed.slice(dot + 1), 'base64url');
      if (!sealed.startsWith(SEALED_PREFIX) || !body || body.length < NONCE_BYTES + TAG_BYTES) {
        throw new EngramError('DECODE_FAILED', 'not a sealed value');
      }
      try {
        const d = createDecipheriv('aes-256-gcm', eventKey, body.subarray(0, NONCE_BYTES), {
          authTagLength: TAG_BYTES,
        });
        d.setAAD(Buffer.from(aad, 'utf8'));
        d.setAuthTag(body.subarray(body.length - TAG_BYTES));
        return Buffer.concat([d.update(body.subarray(NONCE_BYTES, body.length - TAG_BYTES)), d.final()]).toString(
          'utf8',
        );
      } catch (e) {
        throw new EngramError(
          'DECODE_FAILED',
          'a sealed value does not open with its key (tampered with, moved, or another key store)',
          { cause: e },
        );
      }
    },

    slotId(subjectKey, keyName) {
      return createHmac('sha256', subjectKey.material)
        .update(SLOT_INFO)
        .update(keyName, 'utf8')
        .digest()
        .subarray(0, 16)
        .toString('base64url');
    },

    kidOf(value) {
      if (!value.startsWith(SEALED_PREFIX)) return null;
      const dot = value.indexOf('.', SEALED_PREFIX.length);
      return dot > SEALED_PREFIX.length ? value.slice(SEALED_PREFIX.length, dot) : null;
    },
  };
}

/** A fresh random key id (16 bytes, base64url): names a key without saying whose it is. */
export function newKid(): string {
  return randomBytes(16).toString('base64url');
}

export function newKeyMaterial(): Uint8Array {
  return new Uint8Array(randomBytes(32));
}
