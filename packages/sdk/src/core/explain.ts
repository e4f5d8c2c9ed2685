import type { Problem } from './problem';
import { SENTENCES } from './sentences';

/** A problem's message: its sentence with the details in place. */
export const explain = (problem: Problem, ...details: unknown[]): string =>
  SENTENCES[problem].replace(/\{(\d)\}/g, (_, index) => String(details[index]));
