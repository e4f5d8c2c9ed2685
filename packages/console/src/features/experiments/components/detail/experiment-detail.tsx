import { SaveOutlined } from '@ant-design/icons';
import type { Experiment } from '@tabula/protocol';
import { Button, Flex, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../../components/page-header';
import { useCanEditExperiments } from '../../hooks/use-can-edit-experiments';
import { PowerCalculator } from '../../power/components/power-calculator';
import { metricKeysOf, observedUnitsPerDay } from '../../power/utils/power';
import { ExperimentResults } from '../../results/components/experiment-results';
import { SaveTemplateModal } from '../../templates/components/save-template-modal';
import { canTransition } from '../../utils/transitions';
import { AlertsBadge } from '../alerts-badge';
import { ExperimentStatusTag } from '../experiment-status-tag';
import { VisualEditorCard } from '../visual-editor-card';
import { ActionRefusedAlert, type Refusal } from './action-refused-alert';
import { AudienceCard } from './audience-card';
import { ExperimentHistory } from './experiment-history';
import { ExperimentOverview } from './experiment-overview';
import { LifecycleActions } from './lifecycle-actions';
import { MetricsCard } from './metrics-card';
import { VersionsCard } from './versions-card';

export const EXPERIMENT_TABS = ['overview', 'audience', 'versions', 'metrics', 'results', 'history'] as const;
export type ExperimentTab = (typeof EXPERIMENT_TABS)[number];
export const isExperimentTab = (value: string): value is ExperimentTab =>
  EXPERIMENT_TABS.includes(value as ExperimentTab);

interface ExperimentDetailProps {
  projectId: string;
  experiment: Experiment;
  tab: ExperimentTab;
  onTabChange: (tab: ExperimentTab) => void;
  editHref: string;
  onDeleted: () => void;
  /** The project's chosen breakdown attributes, for the results' breakdowns. */
  breakdownAttributes?: string[];
}

export function ExperimentDetail({
  projectId,
  experiment,
  tab,
  onTabChange,
  editHref,
  onDeleted,
  breakdownAttributes,
}: ExperimentDetailProps) {
  const { t } = useTranslation('experiments');
  const canEdit = useCanEditExperiments();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [stopping, setStopping] = useState(false);
  const [savingTemplate, setSavingTemplate] = useState(false);
  const canStop = canEdit && canTransition('stop', experiment.status);

  const panes: Record<ExperimentTab, React.ReactNode> = {
    overview: (
      <>
        {canEdit && experiment.kind === 'visual' && <VisualEditorCard projectId={projectId} experiment={experiment} />}
        <ExperimentOverview projectId={projectId} experiment={experiment} />
      </>
    ),
    audience: <AudienceCard experiment={experiment} />,
    versions: <VersionsCard experiment={experiment} projectId={canEdit ? projectId : undefined} />,
    metrics: (
      <>
        <MetricsCard projectId={projectId} experiment={experiment} />
        <PowerCalculator
          projectId={projectId}
          metricKeys={metricKeysOf(experiment.metrics)}
          versions={experiment.versions.length}
          audience={experiment.page}
          // The traffic it has had is the best guess of the traffic it will have.
          observedUnitsPerDay={observedUnitsPerDay(experiment)}
        />
      </>
    ),
    results: (
      <ExperimentResults
        projectId={projectId}
        experiment={experiment}
        onDecide={canStop ? () => setStopping(true) : undefined}
        breakdownAttributes={breakdownAttributes}
      />
    ),
    history: <ExperimentHistory projectId={projectId} experimentId={experiment.id} />,
  };

  return (
    <>
      <PageHeader
        title={
          <Flex align="center" gap={12} wrap>
            <span data-testid="experiment-name">{experiment.name}</span>
            <ExperimentStatusTag status={experiment.status} />
            <AlertsBadge count={experiment.openAlerts} />
          </Flex>
        }
        extra={
          canEdit && (
            <Flex gap={8} wrap>
              <Button icon={<SaveOutlined />} onClick={() => setSavingTemplate(true)} data-testid="save-as-template">
                {t('templates.saveAs')}
              </Button>
              <LifecycleActions
                projectId={projectId}
                experiment={experiment}
                editHref={editHref}
                onDeleted={onDeleted}
                onRefused={setRefusal}
                stopping={stopping}
                onStoppingChange={setStopping}
              />
            </Flex>
          )
        }
      />
      {canEdit && (
        <SaveTemplateModal
          projectId={projectId}
          experiment={experiment}
          open={savingTemplate}
          onClose={() => setSavingTemplate(false)}
        />
      )}
      <ActionRefusedAlert refusal={refusal} onClose={() => setRefusal(null)} />
      <Tabs
        activeKey={tab}
        onChange={(key) => onTabChange(key as ExperimentTab)}
        items={EXPERIMENT_TABS.map((key) => ({
          key,
          label: <span data-testid={`tab-${key}`}>{t(`tabs.${key}`)}</span>,
          children: panes[key],
        }))}
      />
    </>
  );
}
