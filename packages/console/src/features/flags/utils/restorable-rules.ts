import { type AuditEntry, type FlagEnvironmentBody, flagEnvironmentBodySchema } from '@tabula/protocol';

export interface RestorableRules {
  environment: string;
  body: FlagEnvironmentBody;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The switch and rules an environment had before a change, when the entry records one and they can still be saved
 * as they were (an operator this server no longer knows cannot).
 */
export function restorableRules(entry: AuditEntry): RestorableRules | null {
  if (entry.action !== 'flag.environment_updated' || !isRecord(entry.before)) return null;
  const { environment, enabled, rules } = entry.before;
  if (typeof environment !== 'string') return null;
  const body = flagEnvironmentBodySchema.safeParse({ enabled, rules });
  if (!body.success || body.data.enabled === undefined || body.data.rules === undefined) return null;
  return { environment, body: body.data };
}
