import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReRandomisingChange } from '../../utils/re-randomise';

/** Said where the change is made, before Save asks again. */
export function ReRandomiseWarning({ changes }: { changes: ReRandomisingChange[] }) {
  const { t } = useTranslation('experiments');
  if (changes.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="re-randomise-warning"
      title={t('reRandomise.warning')}
      description={t('reRandomise.warningDescription', {
        changes: changes.map((change) => t(`reRandomise.changes.${change}`)).join(', '),
      })}
    />
  );
}
