import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAwaitingYourReview } from '../api/get-change-requests';

/** The navigation's count of requests the member may review now; nothing while there are none. */
export function AwaitingReviewBadge({ projectId }: { projectId: string | null }) {
  const { t } = useTranslation('changeRequests');
  const count = useAwaitingYourReview(projectId).data ?? 0;
  return (
    <Badge
      count={count}
      size="small"
      offset={[6, -2]}
      title={t('awaitingYourReview', { count })}
      data-testid="change-requests-badge"
    />
  );
}
