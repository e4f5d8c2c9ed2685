import { ID_ALPHABET, ID_LENGTH } from '@tabula/protocol';
import { customAlphabet } from 'nanoid';

export const newId = customAlphabet(ID_ALPHABET, ID_LENGTH);
