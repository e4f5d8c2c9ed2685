import type { ChangeRequestStatus } from '@tabula/protocol';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<ChangeRequestStatus, string> = {
  draft: 'default',
  in_review: 'processing',
  approved: 'cyan',
  applied: 'success',
  rejected: 'error',
  cancelled: 'default',
  failed: 'volcano',
};

export function ChangeRequestStatusTag({ status }: { status: ChangeRequestStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status]} data-testid="change-request-status">
      {t(`changeRequestStatus.${status}`)}
    </Tag>
  );
}
