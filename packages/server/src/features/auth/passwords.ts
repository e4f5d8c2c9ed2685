import { hash, verify } from '@node-rs/argon2';
import type { PasswordHashingOptions } from '../../config';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a missing hash too, after the same work, so response time does not reveal which emails exist. */
  verify(passwordHash: string | null, password: string): Promise<boolean>;
}

export function createPasswordHasher(options: PasswordHashingOptions): PasswordHasher {
  const settings = { memoryCost: options.memoryCost, timeCost: options.timeCost, parallelism: 1 };
  let dummyHash: Promise<string> | undefined;
  return {
    hash: (password) => hash(password, settings),
    async verify(passwordHash, password) {
      dummyHash ??= hash('not a real password', settings);
      const matches = await verify(passwordHash ?? (await dummyHash), password);
      return passwordHash !== null && matches;
    },
  };
}
