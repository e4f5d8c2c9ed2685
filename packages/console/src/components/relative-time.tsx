import { Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

/** "3 hours ago", with the exact time on hover; re-renders on a language change so both follow it. */
export function RelativeTime({ value, empty }: { value: string | null | undefined; empty?: string }) {
  const { i18n } = useTranslation();
  if (!value) return <Typography.Text type="secondary">{empty ?? '—'}</Typography.Text>;
  const time = dayjs(value);
  return (
    <Tooltip title={time.format('LLL')} key={i18n.language}>
      <time dateTime={value}>{time.fromNow()}</time>
    </Tooltip>
  );
}
