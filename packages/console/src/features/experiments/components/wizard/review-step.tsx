import { type Layer, pageOpenUrl } from '@tabula/protocol';
import { Alert, Button, Descriptions, Flex, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConditionsSummary } from '../../../../components/conditions-editor';
import { useProblemText } from '../../hooks/use-problem-text';
import type { ExperimentDraft } from '../../utils/experiment-draft';
import type { StepProblems, WizardStep } from '../../utils/step-validation';
import { formatPercent } from '../../utils/weights';
import { DecisionRuleText, PlannedDaysText } from '../plan-summary';

interface ReviewStepProps {
  draft: ExperimentDraft;
  layers: Layer[];
  /** Every step's problems; Save stays refused while there are any. */
  problems: StepProblems[];
  onGoTo: (step: WizardStep) => void;
}

const none = (text: string) => <Typography.Text type="secondary">{text}</Typography.Text>;
/** One label width for every section, so the summaries line up. */
const sectionProps = { bordered: true, size: 'small', column: 1, styles: { label: { width: 220 } } } as const;

export function ReviewStep({ draft, layers, problems, onGoTo }: ReviewStepProps) {
  const { t } = useTranslation('experiments');
  const problemText = useProblemText();
  const layer = layers.find((candidate) => candidate.key === draft.layer);
  const { metrics } = draft;
  const metricList = (keys: string[]) => (keys.length ? keys.map((key) => <Tag key={key}>{key}</Tag>) : none('—'));

  return (
    <Flex vertical gap={24}>
      {problems.length > 0 ? (
        <Alert
          type="error"
          showIcon
          data-testid="review-problems"
          title={t('wizard.review.problems')}
          description={
            <List
              size="small"
              dataSource={problems.flatMap(({ step, problems: found }) => found.map((problem) => ({ step, problem })))}
              renderItem={({ step, problem }) => (
                <List.Item
                  extra={
                    <Button size="small" type="link" onClick={() => onGoTo(step)}>
                      {t('wizard.review.goTo', { step: t(`wizard.steps.${step}`) })}
                    </Button>
                  }
                >
                  {problemText(problem)}
                </List.Item>
              )}
            />
          }
        />
      ) : (
        <Alert type="success" showIcon data-testid="review-ready" title={t('wizard.review.ready')} />
      )}
      <Descriptions {...sectionProps} title={t('wizard.steps.basics')}>
        <Descriptions.Item label={t('labels.name')}>{draft.name || none('—')}</Descriptions.Item>
        <Descriptions.Item label={t('labels.key')}>
          {draft.key ? <Typography.Text code>{draft.key}</Typography.Text> : none('—')}
        </Descriptions.Item>
        <Descriptions.Item label={t('labels.hypothesis')}>{draft.hypothesis || none('—')}</Descriptions.Item>
        <Descriptions.Item label={t('labels.kind')}>{t(`kinds.${draft.kind}`)}</Descriptions.Item>
        <Descriptions.Item label={t('labels.unitAttribute')}>
          <Typography.Text code>{draft.unitAttribute}</Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <Descriptions {...sectionProps} title={t('wizard.steps.audience')}>
        <Descriptions.Item label={t('labels.conditions')}>
          <ConditionsSummary conditions={draft.conditions} />
        </Descriptions.Item>
        <Descriptions.Item label={t('labels.segments')}>
          {draft.segments.length ? draft.segments.map((key) => <Tag key={key}>{key}</Tag>) : none('—')}
        </Descriptions.Item>
        <Descriptions.Item label={t('labels.traffic')}>{formatPercent(draft.traffic)}</Descriptions.Item>
        <Descriptions.Item label={t('labels.layer')}>
          {draft.layer
            ? t('audience.layerShare', { layer: layer?.name ?? draft.layer, share: formatPercent(draft.layerSlots) })
            : none(t('audience.noLayer'))}
        </Descriptions.Item>
      </Descriptions>
      <Descriptions {...sectionProps} title={t('wizard.steps.versions')}>
        {draft.versions.map((version) => (
          <Descriptions.Item
            key={version.id}
            label={
              <>
                {version.name || '—'} {version.isControl && <Tag color="blue">{t('versions.control')}</Tag>}
              </>
            }
          >
            <Flex vertical gap={4}>
              <span>
                <Typography.Text code>{version.key || '—'}</Typography.Text> · {formatPercent(version.weight)}
              </span>
              {version.params.trim() && (
                <Typography.Text code style={{ whiteSpace: 'pre-wrap' }}>
                  {version.params}
                </Typography.Text>
              )}
            </Flex>
          </Descriptions.Item>
        ))}
      </Descriptions>
      {draft.kind === 'visual' && (
        <Descriptions {...sectionProps} title={t('wizard.steps.page')}>
          <Descriptions.Item label={t('labels.url')}>{draft.page.url || none('—')}</Descriptions.Item>
          <Descriptions.Item label={t('labels.matchType')}>{t(`matchTypes.${draft.page.match}`)}</Descriptions.Item>
          <Descriptions.Item label={t('labels.openUrl')}>
            {pageOpenUrl({ url: draft.page.url.trim(), openUrl: draft.page.openUrl.trim() }) || none('—')}
          </Descriptions.Item>
        </Descriptions>
      )}
      <Descriptions {...sectionProps} title={t('wizard.steps.metrics')}>
        <Descriptions.Item label={t('metricGroups.primary')}>{metricList(metrics.primary)}</Descriptions.Item>
        <Descriptions.Item label={t('metricGroups.secondary')}>{metricList(metrics.secondary)}</Descriptions.Item>
        <Descriptions.Item label={t('metricGroups.guardrails')}>{metricList(metrics.guardrails)}</Descriptions.Item>
        <Descriptions.Item label={t('plan.plannedDays')}>
          <PlannedDaysText days={draft.plannedDays} />
        </Descriptions.Item>
        <Descriptions.Item label={t('plan.rule')}>
          <DecisionRuleText rule={draft.decisionRule} />
        </Descriptions.Item>
      </Descriptions>
    </Flex>
  );
}
