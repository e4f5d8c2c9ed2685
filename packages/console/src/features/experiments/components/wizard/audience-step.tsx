import type { Layer } from '@tabula/protocol';
import { Alert, Flex, Form, InputNumber, Select, Slider, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConditionsEditor, type SegmentOption, SegmentSelect } from '../../../../components/conditions-editor';
import { layerRoom } from '../../utils/layer-room';
import { assignsUnits } from '../../utils/re-randomise';
import { formatPercent, toBasisPoints, toPercent } from '../../utils/weights';
import { ReRandomiseWarning } from './re-randomise-warning';
import type { StepProps } from './step-props';
import { WizardField, wizardFieldId } from './wizard-field';

interface AudienceStepProps extends StepProps {
  layers: Layer[];
  segments: SegmentOption[];
}

/** A percentage typed or slid in hundredths, kept in basis points. */
interface PercentInputProps {
  value: number;
  onChange: (basisPoints: number) => void;
  testId: string;
  /** The id its field's label names. */
  id: string;
  disabled?: boolean;
}

function PercentInput({ value, onChange, testId, id, disabled }: PercentInputProps) {
  return (
    <InputNumber
      id={id}
      disabled={disabled}
      min={0}
      max={100}
      step={0.01}
      precision={2}
      suffix="%"
      value={toPercent(value)}
      onChange={(percent) => onChange(toBasisPoints(percent ?? 0))}
      style={{ width: 140 }}
      data-testid={testId}
    />
  );
}

export function AudienceStep({ draft, onChange, problems, saved, reRandomising, layers, segments }: AudienceStepProps) {
  const { t } = useTranslation('experiments');
  const layer = layers.find((candidate) => candidate.key === draft.layer);
  const room = layer ? layerRoom(layer) : undefined;
  // A running or paused experiment holds its range until it stops: its layer and share stay as they are.
  const slotsFixed = saved !== undefined && assignsUnits(saved.status);
  const tooWide = room !== undefined && !slotsFixed && draft.layerSlots > room.largest;
  const held = slotsFixed && saved.layer?.start != null ? saved.layer : null;
  const layerHelp = slotsFixed ? t('wizard.audience.layerFixed') : t('wizard.audience.layerHelp');

  return (
    <Form layout="vertical" component="div" style={{ maxWidth: 760 }}>
      <ReRandomiseWarning changes={reRandomising.filter((change) => change === 'traffic')} />
      <WizardField
        label={t('labels.conditions')}
        path="conditions"
        problems={problems}
        group
        extra={t('wizard.audience.conditionsHelp')}
      >
        <ConditionsEditor value={draft.conditions} onChange={(conditions) => onChange({ conditions })} />
      </WizardField>
      <WizardField
        label={t('labels.segments')}
        path="segments"
        problems={problems}
        group
        extra={t('wizard.audience.segmentsHelp')}
      >
        <SegmentSelect value={draft.segments} onChange={(keys) => onChange({ segments: keys })} segments={segments} />
      </WizardField>
      <WizardField
        label={t('labels.traffic')}
        path="traffic"
        problems={problems}
        extra={t('wizard.audience.trafficHelp')}
      >
        <Flex gap={16} align="center">
          <Slider
            min={0}
            max={100}
            step={0.01}
            value={toPercent(draft.traffic)}
            onChange={(percent: number) => onChange({ traffic: toBasisPoints(percent) })}
            tooltip={{ formatter: (percent) => `${percent}%` }}
            style={{ flex: 1 }}
            ariaLabelForHandle={t('labels.traffic')}
            data-testid="wizard-traffic-slider"
          />
          <PercentInput
            id={wizardFieldId('traffic')}
            value={draft.traffic}
            onChange={(traffic) => onChange({ traffic })}
            testId="wizard-traffic"
          />
        </Flex>
      </WizardField>
      <WizardField label={t('labels.layer')} path="layer" problems={problems} extra={layerHelp}>
        <Select
          id={wizardFieldId('layer')}
          allowClear
          disabled={slotsFixed}
          value={draft.layer ?? undefined}
          placeholder={t('wizard.audience.noLayer')}
          onChange={(key: string | undefined) => {
            // A share the chosen layer cannot hold now is cut to its widest free range, so starting can work.
            const chosen = layers.find((candidate) => candidate.key === key);
            const largest = chosen ? layerRoom(chosen).largest : 0;
            const layerSlots = largest > 0 ? Math.min(draft.layerSlots, largest) : draft.layerSlots;
            onChange({ layer: key ?? null, layerSlots });
          }}
          style={{ maxWidth: 420 }}
          data-testid="wizard-layer"
          notFoundContent={t('wizard.audience.noLayers')}
          options={layers.map((candidate) => ({
            value: candidate.key,
            label: t('wizard.audience.layerOption', {
              name: candidate.name,
              free: formatPercent(layerRoom(candidate).free),
            }),
          }))}
        />
      </WizardField>
      {layer && room && (
        <WizardField
          label={t('labels.layerSlots')}
          path="layerSlots"
          problems={problems}
          extra={t('wizard.audience.layerSlotsHelp')}
        >
          <Flex vertical gap={8}>
            <Flex gap={16} align="center" wrap>
              <PercentInput
                id={wizardFieldId('layerSlots')}
                disabled={slotsFixed}
                value={draft.layerSlots}
                onChange={(layerSlots) => onChange({ layerSlots })}
                testId="wizard-layer-slots"
              />
              <Typography.Text type="secondary" data-testid="wizard-layer-room">
                {held
                  ? t('audience.holds', { start: held.start, end: held.end })
                  : t('wizard.audience.layerRoom', {
                      free: formatPercent(room.free),
                      largest: formatPercent(room.largest),
                    })}
              </Typography.Text>
            </Flex>
            {tooWide && (
              <Alert
                type="warning"
                showIcon
                data-testid="wizard-layer-full"
                title={t('wizard.audience.layerTooFull', { largest: formatPercent(room.largest) })}
              />
            )}
          </Flex>
        </WizardField>
      )}
    </Form>
  );
}
