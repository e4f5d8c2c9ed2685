import type { AuditEntry } from '@tabula/protocol';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const verbOf = (action: string) => (action.includes('.') ? action.slice(action.indexOf('.') + 1) : action);

/** The environment a change happened in, when its snapshots say (a flag's switch and rules live per environment). */
function environmentOf(entry: Pick<AuditEntry, 'before' | 'after'>): string | undefined {
  for (const snapshot of [entry.after, entry.before]) {
    const environment = (snapshot as { environment?: unknown } | null)?.environment;
    if (typeof snapshot === 'object' && typeof environment === 'string') return environment;
  }
  return undefined;
}

/**
 * `flag.environment_updated` as "switch or rules changed in production", in the audit namespace's words; a verb this
 * console does not know shows as sent.
 */
export function actionSentence(entry: Pick<AuditEntry, 'action' | 'before' | 'after'>, t: Translate): string {
  const verb = verbOf(entry.action);
  const environment = environmentOf(entry);
  // i18next's context picks `verbs.<verb>_in` when there is an environment, and `verbs.<verb>` when that is missing.
  return t(`verbs.${verb}`, { defaultValue: verb, ...(environment ? { context: 'in', environment } : {}) });
}
