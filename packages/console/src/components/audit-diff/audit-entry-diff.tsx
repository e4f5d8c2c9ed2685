import type { AuditEntry } from '@tabula/protocol';
import { useTranslation } from 'react-i18next';
import { AuditDiff } from './audit-diff';
import { readableSnapshots } from './readable-snapshots';

/** An audit entry's change, in the words a person uses (see readableSnapshots). */
export function AuditEntryDiff({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('flags');
  const { before, after } = readableSnapshots(entry, t);
  return <AuditDiff before={before} after={after} testId={`audit-diff-${entry.id}`} />;
}
