import { createCipheriv, randomBytes } from 'node:crypto';
import { PAYLOAD_FORMAT, PAYLOAD_IV_BYTES, type SdkPayload, type SealedPayload } from '@tabula/protocol';

/**
 * The payload as an environment with encryption serves it: its JSON encrypted with AES-128-GCM under the
 * environment's key, the tag after the ciphertext as WebCrypto expects it, with a fresh IV each time (a payload is
 * sealed once per revision, and never twice under one IV).
 */
export function sealPayload(payload: SdkPayload, payloadKey: string): SealedPayload {
  const iv = randomBytes(PAYLOAD_IV_BYTES);
  const cipher = createCipheriv('aes-128-gcm', Buffer.from(payloadKey, 'base64'), iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(payload)), cipher.final(), cipher.getAuthTag()]);
  return {
    format: PAYLOAD_FORMAT,
    revision: payload.revision,
    generatedAt: payload.generatedAt,
    segments: [],
    flags: [],
    experiments: [],
    encrypted: `${iv.toString('base64')}.${sealed.toString('base64')}`,
  };
}
