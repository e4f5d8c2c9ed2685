import type { Experiment } from '@tabula/protocol';
import { Card, Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConditionsSummary } from '../../../../components/conditions-editor';
import { formatPercent } from '../../utils/weights';

/** Who can enter: conditions, segments, traffic and the layer's share. */
export function AudienceCard({ experiment }: { experiment: Experiment }) {
  const { t } = useTranslation('experiments');
  const { layer } = experiment;
  const held = layer && layer.start !== null && layer.end !== null ? layer : null;
  return (
    <Card>
      <Descriptions column={1} bordered size="small" data-testid="experiment-audience">
        <Descriptions.Item label={t('labels.unitAttribute')}>
          <Typography.Text code>{experiment.unitAttribute}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('labels.conditions')}>
          <ConditionsSummary conditions={experiment.conditions} />
        </Descriptions.Item>
        <Descriptions.Item label={t('labels.segments')}>
          {experiment.segments.length ? (
            experiment.segments.map((key) => <Tag key={key}>{key}</Tag>)
          ) : (
            <Typography.Text type="secondary">—</Typography.Text>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('labels.traffic')}>{formatPercent(experiment.traffic)}</Descriptions.Item>
        <Descriptions.Item label={t('labels.layer')}>
          {layer ? (
            <>
              {t('audience.layerShare', { layer: layer.key, share: formatPercent(experiment.layerSlots) })}
              {held && (
                <Typography.Text type="secondary">
                  {' · '}
                  {t('audience.holds', { start: held.start, end: held.end })}
                </Typography.Text>
              )}
            </>
          ) : (
            <Typography.Text type="secondary">{t('audience.noLayer')}</Typography.Text>
          )}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
