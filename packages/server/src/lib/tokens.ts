import { createHash, randomBytes } from 'node:crypto';

/** Bearer tokens are long and random, so a fast unsalted hash is enough to keep the database useless to a thief. */
export const sha256Hex = (value: string): string => createHash('sha256').update(value).digest('hex');

export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');
