import { errorBodySchema, idSchema } from '@tabula/protocol';
import { z } from 'zod';

/** Every route documents the one error shape next to its success bodies. */
export const withErrors = <T extends Record<number, z.ZodType>>(responses: T) => ({
  ...responses,
  '4xx': errorBodySchema,
  '5xx': errorBodySchema,
});

export const noContent = z.undefined().describe('No content');

export const iso = (date: Date): string => date.toISOString();
export const isoOrNull = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** Every project-scoped route names its project the same way; the access hook relies on it. */
export const projectParams = z.object({ projectId: idSchema });
