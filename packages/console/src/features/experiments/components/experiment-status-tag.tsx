import type { Experiment, ExperimentStatus } from '@tabula/protocol';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const STATUS_COLORS: Record<ExperimentStatus, string> = {
  draft: 'default',
  running: 'green',
  paused: 'orange',
  stopped: 'purple',
  archived: 'default',
};

export function ExperimentStatusTag({ status }: { status: ExperimentStatus }) {
  const { t } = useTranslation('experiments');
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="experiment-status" data-status={status}>
      {t(`statuses.${status}`)}
    </Tag>
  );
}

export function ExperimentKindTag({ kind }: { kind: Experiment['kind'] }) {
  const { t } = useTranslation('experiments');
  return <Tag color={kind === 'visual' ? 'magenta' : 'geekblue'}>{t(`kinds.${kind}`)}</Tag>;
}
