import { PlusOutlined } from '@ant-design/icons';
import { BUCKETS } from '@tabula/protocol';
import { Button, Flex, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { newVersion, type VersionDraft } from '../../utils/experiment-draft';
import { uniqueKey } from '../../utils/keys';
import { assignsUnits } from '../../utils/re-randomise';
import { equalSplit, formatPercent, totalWeight } from '../../utils/weights';
import { ReRandomiseWarning } from './re-randomise-warning';
import type { StepProps } from './step-props';
import { VersionCard } from './version-card';
import { WizardField } from './wizard-field';

const MAX_VERSIONS = 20;

const withEqualWeights = (versions: VersionDraft[]): VersionDraft[] => {
  const weights = equalSplit(versions.length);
  return versions.map((version, index) => ({ ...version, weight: weights[index] ?? 0 }));
};

interface VersionsStepProps extends StepProps {
  /** Whether versions carry params; a template keeps only their names and split. */
  withParams?: boolean;
  /** Whether a treatment can become the control, which a template can change freely. */
  chooseControl?: boolean;
}

export function VersionsStep({
  draft,
  onChange,
  problems,
  saved,
  reRandomising,
  withParams = true,
  chooseControl = false,
}: VersionsStepProps) {
  const { t } = useTranslation('experiments');
  const { versions } = draft;
  const total = totalWeight(versions.map((version) => version.weight));
  // Once units are assigned, exposures and flag rules refer to the versions' keys.
  const fixedKeys = new Set(saved && assignsUnits(saved.status) ? saved.versions.map((version) => version.key) : []);
  const setVersions = (next: VersionDraft[]) => onChange({ versions: next });

  const add = () => {
    const key = uniqueKey(
      `treatment-${versions.length}`,
      versions.map((version) => version.key),
    );
    const name = t('wizard.versions.newName', { n: versions.length });
    setVersions(withEqualWeights([...versions, newVersion(name, key, 0)]));
  };

  return (
    <Form layout="vertical" component="div" style={{ maxWidth: 900 }}>
      <ReRandomiseWarning changes={reRandomising.filter((change) => change === 'weights' || change === 'versions')} />
      <Typography.Paragraph type="secondary">{t('wizard.versions.description')}</Typography.Paragraph>
      <Flex vertical gap={12}>
        {versions.map((version, index) => (
          <VersionCard
            key={version.id}
            version={version}
            index={index}
            problems={problems}
            removable={versions.length > 2}
            keyFixed={fixedKeys.has(version.key)}
            withParams={withParams}
            onMakeControl={
              chooseControl
                ? () => setVersions(versions.map((current) => ({ ...current, isControl: current.id === version.id })))
                : undefined
            }
            onChange={(changed) =>
              setVersions(versions.map((current) => (current.id === version.id ? changed : current)))
            }
            onRemove={() => setVersions(withEqualWeights(versions.filter((current) => current.id !== version.id)))}
          />
        ))}
      </Flex>
      {/* A problem with the list as a whole (how many versions, which is control) shows beside what changes it. */}
      <WizardField path="versions" problems={problems}>
        <Flex gap={8} wrap style={{ marginTop: 16 }}>
          <Button
            icon={<PlusOutlined />}
            onClick={add}
            disabled={versions.length >= MAX_VERSIONS}
            data-testid="version-add"
          >
            {t('wizard.versions.add')}
          </Button>
          <Button onClick={() => setVersions(withEqualWeights(versions))} data-testid="version-equal-split">
            {t('wizard.versions.equalSplit')}
          </Button>
        </Flex>
      </WizardField>
      <WizardField path="weights" problems={problems}>
        <Typography.Text type={total === BUCKETS ? 'success' : 'danger'} data-testid="weights-total">
          {t('wizard.versions.total', { total: formatPercent(total) })}
        </Typography.Text>
      </WizardField>
    </Form>
  );
}
