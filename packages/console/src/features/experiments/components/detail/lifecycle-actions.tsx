import {
  CaretRightOutlined,
  ClockCircleOutlined,
  DeleteOutlined,
  EditOutlined,
  InboxOutlined,
  PauseOutlined,
  StopOutlined,
} from '@ant-design/icons';
import type { Experiment, ExperimentAction, StopExperimentBody } from '@tabula/protocol';
import { App, Button, Popconfirm } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isDiverted } from '../../../../lib/diverted-change';
import { type StatusChange, useChangeExperimentStatus } from '../../api/change-experiment-status';
import { useDeleteExperiment } from '../../api/delete-experiment';
import { type ScheduledExperimentChange, useScheduleExperimentChange } from '../../api/schedule-experiment-change';
import { useStopAdvice } from '../../results/hooks/use-stop-advice';
import { canTransition as can } from '../../utils/transitions';
import type { Refusal } from './action-refused-alert';
import { ScheduleStartModal } from './schedule-start-modal';
import { StopExperimentModal } from './stop-experiment-modal';

interface LifecycleActionsProps {
  projectId: string;
  experiment: Experiment;
  editHref: string;
  onDeleted: () => void;
  /** A refused change, for the page to show with the server's reason. */
  onRefused: (refusal: Refusal | null) => void;
  /** The stop decision is open; the page opens it from the results too. */
  stopping: boolean;
  onStoppingChange: (stopping: boolean) => void;
}

/** Only a draft (never started) or an archived experiment may be deleted; the others have history to keep. */
const DELETABLE: readonly Experiment['status'][] = ['draft', 'archived'];
const EDITABLE: readonly Experiment['status'][] = ['draft', 'running', 'paused'];

export function LifecycleActions({
  projectId,
  experiment,
  editHref,
  onDeleted,
  onRefused,
  stopping,
  onStoppingChange: setStopping,
}: LifecycleActionsProps) {
  const { t } = useTranslation('experiments');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const change = useChangeExperimentStatus(projectId, experiment.key);
  const remove = useDeleteExperiment(projectId, experiment.key);
  const advice = useStopAdvice(projectId, experiment.key, stopping);
  const schedule = useScheduleExperimentChange(projectId, experiment.key);
  const [schedulingStart, setSchedulingStart] = useState(false);
  const { status } = experiment;

  const run = (statusChange: StatusChange, done: string) => {
    onRefused(null);
    change.mutate(statusChange, {
      onSuccess: (result) => {
        setStopping(false);
        // A change waiting for approval has its own notice; it is not done yet.
        if (!isDiverted(result)) void message.success(done);
      },
      // The stop modal shows its own refusal; the page shows the others.
      onError: (error) => statusChange.action !== 'stop' && onRefused({ action: statusChange.action, error }),
    });
  };
  const pending = (action: ExperimentAction) => change.isPending && change.variables?.action === action;
  const plan = (scheduled: ScheduledExperimentChange, done: () => void) =>
    schedule.mutate(scheduled, {
      onSuccess: (changeRequest, { scheduledAt }) => {
        done();
        void message.success(
          t('schedule.scheduled', { number: changeRequest.number, time: dayjs(scheduledAt).format('LLL') }),
        );
      },
    });
  const stop = (body: StopExperimentBody, at: Dayjs | null) =>
    at
      ? plan({ action: 'stop', body, scheduledAt: at.format() }, () => setStopping(false))
      : run({ action: 'stop', body }, t('lifecycle.done.stop'));

  const confirmed = (action: 'start' | 'archive', label: string, icon: React.ReactNode, primary = false) => (
    <Popconfirm
      title={t(`lifecycle.confirm.${action}`, { name: experiment.name })}
      description={t(`lifecycle.confirmDescription.${action}`)}
      okText={label}
      cancelText={t('common:actions.cancel')}
      onConfirm={() => run({ action }, t(`lifecycle.done.${action}`))}
      okButtonProps={{ 'data-testid': `confirm-${action}` }}
    >
      <Button
        type={primary ? 'primary' : 'default'}
        icon={icon}
        loading={pending(action)}
        data-testid={`action-${action}`}
      >
        {label}
      </Button>
    </Popconfirm>
  );

  return (
    <>
      {EDITABLE.includes(status) && (
        <Button icon={<EditOutlined />} onClick={() => navigate(editHref)} data-testid="action-edit">
          {t('actions.edit')}
        </Button>
      )}
      {status === 'draft' && confirmed('start', t('actions.start'), <CaretRightOutlined />, true)}
      {status === 'draft' && (
        <Button
          icon={<ClockCircleOutlined />}
          onClick={() => {
            schedule.reset();
            setSchedulingStart(true);
          }}
          data-testid="action-schedule-start"
        >
          {t('schedule.start')}
        </Button>
      )}
      {status === 'paused' && (
        <Button
          type="primary"
          icon={<CaretRightOutlined />}
          loading={pending('start')}
          onClick={() => run({ action: 'start' }, t('lifecycle.done.resume'))}
          data-testid="action-resume"
        >
          {t('actions.resume')}
        </Button>
      )}
      {can('pause', status) && (
        <Button
          icon={<PauseOutlined />}
          loading={pending('pause')}
          onClick={() => run({ action: 'pause' }, t('lifecycle.done.pause'))}
          data-testid="action-pause"
        >
          {t('actions.pause')}
        </Button>
      )}
      {can('stop', status) && (
        <Button danger icon={<StopOutlined />} onClick={() => setStopping(true)} data-testid="action-stop">
          {t('actions.stop')}
        </Button>
      )}
      {can('archive', status) && confirmed('archive', t('actions.archive'), <InboxOutlined />)}
      {DELETABLE.includes(status) && (
        <Popconfirm
          title={t('lifecycle.confirm.delete', { name: experiment.name })}
          description={t('lifecycle.confirmDescription.delete')}
          okText={t('common:actions.delete')}
          cancelText={t('common:actions.cancel')}
          okButtonProps={{ danger: true, 'data-testid': 'confirm-delete' }}
          onConfirm={() =>
            remove.mutate(undefined, {
              onSuccess: () => {
                void message.success(t('lifecycle.done.delete'));
                onDeleted();
              },
              onError: (error) => onRefused({ action: 'delete', error }),
            })
          }
        >
          <Button danger icon={<DeleteOutlined />} loading={remove.isPending} data-testid="action-delete">
            {t('common:actions.delete')}
          </Button>
        </Popconfirm>
      )}
      <StopExperimentModal
        experiment={experiment}
        open={stopping}
        advice={advice}
        stopping={pending('stop') || schedule.isPending}
        error={(change.variables?.action === 'stop' ? change.error : null) ?? schedule.error}
        onStop={stop}
        onClose={() => {
          setStopping(false);
          change.reset();
          schedule.reset();
        }}
      />
      <ScheduleStartModal
        open={schedulingStart}
        pending={schedule.isPending}
        error={schedule.error}
        onSchedule={(at) => plan({ action: 'start', scheduledAt: at.format() }, () => setSchedulingStart(false))}
        onClose={() => setSchedulingStart(false)}
      />
    </>
  );
}
