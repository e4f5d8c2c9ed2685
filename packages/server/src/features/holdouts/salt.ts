import { customAlphabet } from 'nanoid';

/**
 * A holdout's salt: 22 random characters (about 131 bits), drawn once when it is created. Keys are chosen by people
 * and may equal a layer's or an experiment's; a random salt shares no hash with any of them, so who is held out is
 * independent of every layer slot and version.
 */
export const newSalt = customAlphabet('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', 22);
