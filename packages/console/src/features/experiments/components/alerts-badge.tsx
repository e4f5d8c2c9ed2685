import { WarningOutlined } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** How many alerts the experiment's current phase raised; nothing when none. */
export function AlertsBadge({ count }: { count: number }) {
  const { t } = useTranslation('experiments');
  if (count === 0) return null;
  return (
    <Tooltip title={t('alerts.badgeHelp')}>
      <Tag color="error" icon={<WarningOutlined />} data-testid="experiment-alerts-badge" data-count={count}>
        {t('alerts.badge', { count })}
      </Tag>
    </Tooltip>
  );
}
