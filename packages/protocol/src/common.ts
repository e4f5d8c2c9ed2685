import { z } from 'zod';
import { ID_ALPHABET, ID_LENGTH, ROLES } from './constants';

const idPattern = new RegExp(`^[${ID_ALPHABET}]{${ID_LENGTH}}$`);
export const idSchema = z.string().regex(idPattern, 'Please input valid id');
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** Keys are what code refers to (environments now; flags and experiments later): lowercase, stable, URL-safe. */
export const keySchema = z
  .string()
  .trim()
  .min(1, 'Please input key')
  .max(64)
  .regex(/^[a-z0-9][a-z0-9_-]*$/, 'Please input valid key: lowercase letters, digits, "-" and "_"');

export const nameSchema = z.string().trim().min(1, 'Please input name').max(100);
export const descriptionSchema = z.string().trim().max(1000);
export const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email('Please input valid email'));
export const timestampSchema = z.string().describe('ISO 8601 date-time');

export const userSummarySchema = z.object({ id: idSchema, email: z.string(), name: z.string() });
export type UserSummary = z.infer<typeof userSummarySchema>;
