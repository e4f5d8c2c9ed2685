import { type Experiment, nameSchema } from '@tabula/protocol';
import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerErrorAlert } from '../../../../components/server-error-alert';
import { isDiverted } from '../../../../lib/diverted-change';
import { useUpdateExperiment } from '../../api/update-experiment';
import { withAddedVersion } from '../../utils/add-version';
import { assignsUnits } from '../../utils/re-randomise';
import { formatPercent } from '../../utils/weights';

interface AddVersionDialogProps {
  projectId: string;
  experiment: Experiment;
  onClose: () => void;
}

/**
 * Adds a version with an equal share for every version. While the experiment assigns units this re-randomises them and
 * starts a new phase, so the dialog says so before Save and Save is the choice to re-randomise.
 */
export function AddVersionDialog({ projectId, experiment, onClose }: AddVersionDialogProps) {
  const { t } = useTranslation('experiments');
  const { message } = App.useApp();
  const update = useUpdateExperiment(projectId, experiment.key);
  const [name, setName] = useState(() => t('wizard.versions.newName', { n: experiment.versions.length }));
  const [problem, setProblem] = useState<string | null>(null);
  const reRandomises = assignsUnits(experiment.status);
  const share = formatPercent(10_000 / (experiment.versions.length + 1));

  const save = async () => {
    const parsed = nameSchema.safeParse(name);
    if (!parsed.success) {
      setProblem(t('versions.add.nameRequired'));
      return;
    }
    const versions = withAddedVersion(experiment.versions, parsed.data);
    const result = await update.mutateAsync({ versions, ...(reRandomises && { reRandomise: true }) });
    if (!isDiverted(result)) message.success(t('versions.add.saved', { name: parsed.data }));
    onClose();
  };

  return (
    <Modal
      open
      title={t('versions.add.title')}
      okText={t(reRandomises ? 'versions.add.saveReRandomise' : 'versions.add.save')}
      okButtonProps={{ danger: reRandomises, loading: update.isPending, 'data-testid': 'add-version-save' }}
      cancelText={t('common:actions.cancel')}
      onOk={() => void save().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      {reRandomises && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="add-version-new-phase"
          title={t('versions.add.newPhase', { phase: experiment.phase + 1 })}
          description={t(`versions.add.newPhaseDescription.${experiment.status === 'paused' ? 'paused' : 'running'}`)}
        />
      )}
      <ServerErrorAlert error={update.error} />
      <Form layout="vertical" component="div">
        <Form.Item
          label={t('versions.add.name')}
          validateStatus={problem ? 'error' : undefined}
          help={problem ?? undefined}
          extra={t('versions.add.weights', { share })}
        >
          <Input
            value={name}
            maxLength={100}
            onChange={(event) => {
              setName(event.target.value);
              setProblem(null);
            }}
            data-testid="add-version-name"
          />
        </Form.Item>
      </Form>
      <Typography.Text type="secondary">{t('versions.add.params')}</Typography.Text>
    </Modal>
  );
}
