import type { Flag } from '@tabula/protocol';
import { Alert, Card, Descriptions, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SegmentOption } from '../../../components/conditions-editor';
import { RelativeTime } from '../../../components/relative-time';
import { requiresApproval, useCan, useCanChangeEnvironment } from '../../../lib/authorization';
import { useRulesDraft } from '../hooks/use-rules-draft';
import { formatVariantValue } from '../utils/variant-fields';
import { CopyRulesButton } from './copy-rules-button';
import { FlagEnvironmentSwitch } from './flag-environment-switch';
import { PrerequisitesSection } from './prerequisites-section';
import { RulesEditor } from './rules-editor';
import { ScheduleActions } from './schedule-actions';
import type { ExperimentChoices } from './serve-editor';

interface FlagEnvironmentPanelProps {
  projectId: string;
  flag: Flag;
  environment: { key: string; name: string; protected: boolean; requiredApprovals?: number };
  environments: { key: string; name: string }[];
  segments: SegmentOption[];
  experiments: ExperimentChoices;
}

const NO_RULES: never[] = [];

/** Everything about a flag in one environment: its switch, what it serves, its rules. */
export function FlagEnvironmentPanel(props: FlagEnvironmentPanelProps) {
  const { projectId, flag, environment, environments, segments, experiments } = props;
  const { t } = useTranslation('flags');
  const canWrite = useCan('flag:write');
  const canChange = useCanChangeEnvironment(environment);
  const state = flag.environments[environment.key];
  const draft = useRulesDraft(state?.rules ?? NO_RULES, {
    projectId,
    flagKey: flag.key,
    environment: environment.key,
  });
  const archived = flag.archivedAt !== null;
  const variant = (key: string | null) => {
    if (key === null) return <Typography.Text type="secondary">{t('fields.noVariant')}</Typography.Text>;
    const found = flag.variants.find((candidate) => candidate.key === key);
    return (
      <Typography.Text>
        <Typography.Text strong>{key}</Typography.Text>
        {found && <Typography.Text type="secondary"> · {formatVariantValue(found.value)}</Typography.Text>}
      </Typography.Text>
    );
  };

  return (
    <Flex vertical gap={16} data-testid={`environment-${environment.key}`}>
      <Card size="small">
        <Flex justify="space-between" align="center" gap={16} wrap>
          <Flex align="center" gap={12}>
            {!archived && (
              <FlagEnvironmentSwitch
                projectId={projectId}
                flagKey={flag.key}
                environment={environment}
                enabled={state?.enabled ?? false}
              />
            )}
            <Typography.Text strong>
              {archived
                ? t('environment.archived')
                : state?.enabled
                  ? t('environment.servingRules')
                  : flag.offVariant === null
                    ? t('environment.servingOffCode')
                    : t('environment.servingOff', { variant: flag.offVariant })}
            </Typography.Text>
            {environment.protected && <Tag color="red">{t('environment.protected')}</Tag>}
          </Flex>
          {canWrite && !archived && (
            <Flex gap={8} wrap>
              {canChange && (
                <ScheduleActions projectId={projectId} flag={flag} environment={environment} draft={draft} />
              )}
              <CopyRulesButton
                projectId={projectId}
                flag={flag}
                from={environment}
                environments={environments}
                blocked={draft.dirty}
              />
            </Flex>
          )}
        </Flex>
        <Descriptions
          size="small"
          style={{ marginTop: 12 }}
          column={{ xs: 1, sm: 2, lg: 4 }}
          items={[
            { key: 'default', label: t('fields.defaultVariant'), children: variant(flag.defaultVariant) },
            { key: 'off', label: t('fields.offVariant'), children: variant(flag.offVariant) },
            {
              key: 'evaluated',
              label: t('environment.lastEvaluated'),
              children: <RelativeTime value={state?.lastEvaluatedAt} empty={t('list.never')} />,
            },
            {
              key: 'updated',
              label: t('environment.lastChanged'),
              children: <RelativeTime value={state?.updatedAt} empty={t('list.never')} />,
            },
          ]}
        />
      </Card>
      {canWrite && requiresApproval(environment) && (
        <Alert
          type="info"
          showIcon
          data-testid={`environment-${environment.key}-approvals`}
          title={t('switch.requiresApproval', {
            environment: environment.name,
            count: environment.requiredApprovals,
          })}
        />
      )}
      {canWrite && !canChange && (
        <Alert
          type="info"
          showIcon
          data-testid={`environment-${environment.key}-protected`}
          title={t('switch.protected', { environment: environment.name })}
        />
      )}
      <PrerequisitesSection projectId={projectId} flag={flag} environment={environment} canWrite={canChange} />
      <Flex vertical gap={4}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('rules.heading')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('rules.description')}</Typography.Text>
      </Flex>
      <RulesEditor
        projectId={projectId}
        flag={flag}
        environment={environment}
        segments={segments}
        experiments={experiments}
        canWrite={canChange}
        draft={draft}
      />
    </Flex>
  );
}
