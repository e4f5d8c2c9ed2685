import type { ChangeRequest } from '@tabula/protocol';
import { Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

/** When a request runs, or ran: the exact time, since "in 3 hours" hides which day a rollout step lands on. */
export function ScheduledTime({
  changeRequest,
}: {
  changeRequest: Pick<ChangeRequest, 'scheduledAt' | 'lateBySeconds'>;
}) {
  const { t } = useTranslation('changeRequests');
  const { scheduledAt, lateBySeconds } = changeRequest;
  if (!scheduledAt) return <Typography.Text type="secondary">{t('scheduled.whenApproved')}</Typography.Text>;
  return (
    <Typography.Text>
      <time dateTime={scheduledAt}>{dayjs(scheduledAt).format('LLL')}</time>
      {lateBySeconds !== null && (
        <Typography.Text type="warning" data-testid="change-request-late">
          {' '}
          {t('scheduled.late', { duration: dayjs.duration(lateBySeconds, 'seconds').humanize() })}
        </Typography.Text>
      )}
    </Typography.Text>
  );
}
