import type { FlagStale } from '@tabula/protocol';
import { Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

/** "Potentially stale", with why on hover: not evaluated for a while, or one value served everywhere for a while. */
export function StaleTag({ stale }: { stale: FlagStale | null | undefined }) {
  const { t } = useTranslation('usage');
  if (!stale) return null;
  const since = stale.since ? dayjs(stale.since).format('LL') : null;
  const reason =
    stale.reason === 'not_evaluated'
      ? since
        ? t('stale.notEvaluatedSince', { date: since })
        : t('stale.neverEvaluated')
      : t('stale.fullyRolledOutSince', { date: since });
  return (
    <Tooltip title={reason}>
      <Tag color="orange" data-testid={`stale-tag-${stale.reason}`} style={{ marginInlineEnd: 0 }}>
        {t('stale.tag')}
      </Tag>
    </Tooltip>
  );
}
