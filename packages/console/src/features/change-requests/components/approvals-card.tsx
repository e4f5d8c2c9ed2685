import type { ChangeRequest } from '@tabula/protocol';
import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RelativeTime } from '../../../components/relative-time';
import { useUser } from '../../../lib/auth';

/** Who approved, against how many approvals the environments it reaches require. */
export function ApprovalsCard({ changeRequest }: { changeRequest: ChangeRequest }) {
  const { t } = useTranslation('changeRequests');
  const user = useUser();
  const { approvals, requiredApprovals, status, author } = changeRequest;
  // The server refuses an author's own approval; saying so beats a button that is simply missing.
  const ownInReview = status === 'in_review' && author.id === user.user.id;
  return (
    <Card title={t('approvals.title')} data-testid="change-request-approvals">
      <Flex vertical gap={8}>
        <Typography.Text strong data-testid="change-request-approval-count">
          {requiredApprovals > 0
            ? t('approvals.count', { approved: approvals.length, required: requiredApprovals })
            : t('approvals.none')}
        </Typography.Text>
        {approvals.map((approval) => (
          <Typography.Text key={approval.user.id}>
            {approval.user.name} · <RelativeTime value={approval.at} />
          </Typography.Text>
        ))}
        {ownInReview && (
          <Typography.Text type="secondary" data-testid="change-request-own-hint">
            {t('approvals.ownHint')}
          </Typography.Text>
        )}
      </Flex>
    </Card>
  );
}
