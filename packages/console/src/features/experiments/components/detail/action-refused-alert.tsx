import type { ExperimentAction } from '@tabula/protocol';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../../lib/form-errors';

export interface Refusal {
  action: ExperimentAction | 'delete';
  error: unknown;
}

/** Why the server said no (a full layer, a visual experiment without a page…), in its own words. */
export function ActionRefusedAlert({ refusal, onClose }: { refusal: Refusal | null; onClose: () => void }) {
  const { t } = useTranslation('experiments');
  if (!refusal) return null;
  const reason = describeError(refusal.error, t);
  return (
    <Alert
      type="error"
      showIcon
      closable={{ onClose }}
      role="alert"
      style={{ marginBottom: 16 }}
      data-testid="action-refused"
      title={t(`lifecycle.refused.${refusal.action}`)}
      description={reason}
    />
  );
}
