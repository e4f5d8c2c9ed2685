import { ClockCircleOutlined, RiseOutlined } from '@ant-design/icons';
import type { Flag } from '@tabula/protocol';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RulesDraft } from '../hooks/use-rules-draft';
import { RolloutPlanModal } from './rollout-plan-modal';
import { ScheduleChangeModal } from './schedule-change-modal';

interface ScheduleActionsProps {
  projectId: string;
  flag: Flag;
  environment: { key: string; name: string };
  draft: RulesDraft;
}

/** Changes made later rather than now: one at a chosen time, or a rollout in steps. */
export function ScheduleActions({ projectId, flag, environment, draft }: ScheduleActionsProps) {
  const { t } = useTranslation('flags');
  const [open, setOpen] = useState<'schedule' | 'rollout' | null>(null);
  const close = () => setOpen(null);
  return (
    <>
      <Button
        icon={<ClockCircleOutlined />}
        onClick={() => setOpen('schedule')}
        data-testid={`schedule-${environment.key}`}
      >
        {t('schedule.button')}
      </Button>
      <Button
        icon={<RiseOutlined />}
        onClick={() => setOpen('rollout')}
        data-testid={`rollout-plan-${environment.key}`}
      >
        {t('schedule.rollout.button')}
      </Button>
      <ScheduleChangeModal
        projectId={projectId}
        flagKey={flag.key}
        environment={environment}
        enabled={flag.environments[environment.key]?.enabled ?? false}
        draft={draft}
        open={open === 'schedule'}
        onClose={close}
      />
      <RolloutPlanModal
        projectId={projectId}
        flag={flag}
        environment={environment}
        open={open === 'rollout'}
        onClose={close}
      />
    </>
  );
}
