import { CrownOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Card, Col, Input, InputNumber, Row, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { VersionDraft } from '../../utils/experiment-draft';
import { keyFromName } from '../../utils/keys';
import type { Problem } from '../../utils/step-validation';
import { toBasisPoints, toPercent } from '../../utils/weights';
import { WizardField, wizardFieldId } from './wizard-field';

interface VersionCardProps {
  version: VersionDraft;
  index: number;
  problems: Problem[];
  onChange: (version: VersionDraft) => void;
  onRemove: () => void;
  /** A treatment can go while at least one other treatment stays. */
  removable: boolean;
  keyFixed: boolean;
  /** Offered where the control can change: a treatment becomes it. */
  onMakeControl?: () => void;
  /** Whether the version carries params; a template keeps only the versions' names and split. */
  withParams: boolean;
}

const monospace = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 };

export function VersionCard({
  version,
  index,
  problems,
  onChange,
  onRemove,
  removable,
  keyFixed,
  onMakeControl,
  withParams,
}: VersionCardProps) {
  const { t } = useTranslation('experiments');
  const path = (field: string) => `versions.${index}.${field}`;
  const removeButton = (
    <Button
      size="small"
      type="text"
      danger
      icon={<DeleteOutlined />}
      disabled={version.isControl || !removable}
      onClick={onRemove}
      aria-label={t('wizard.versions.remove', { name: version.name })}
      data-testid={`version-remove-${index}`}
    />
  );
  return (
    <Card
      size="small"
      data-testid={`version-${index}`}
      title={
        <>
          <span style={{ marginRight: 8 }}>{version.name || '—'}</span>
          {version.isControl ? <Tag color="blue">{t('versions.control')}</Tag> : <Tag>{t('versions.treatment')}</Tag>}
        </>
      }
      extra={
        version.isControl ? (
          <Tooltip title={t('versions.controlLocked')}>
            <span data-testid="control-locked">{removeButton}</span>
          </Tooltip>
        ) : (
          removeButton
        )
      }
    >
      <Row gutter={16}>
        <Col xs={24} md={10}>
          <WizardField label={t('labels.versionName')} path={path('name')} problems={problems} required>
            <Input
              id={wizardFieldId(path('name'))}
              value={version.name}
              maxLength={100}
              data-testid={`version-name-${index}`}
              onChange={(event) => {
                const name = event.target.value;
                onChange(
                  version.keyEdited
                    ? { ...version, name }
                    : { ...version, name, key: keyFromName(name) || version.key },
                );
              }}
            />
          </WizardField>
        </Col>
        <Col xs={24} md={8}>
          <WizardField label={t('labels.versionKey')} path={path('key')} problems={problems} required>
            <Input
              id={wizardFieldId(path('key'))}
              value={version.key}
              maxLength={64}
              disabled={keyFixed}
              data-testid={`version-key-${index}`}
              onChange={(event) =>
                onChange({ ...version, key: event.target.value, keyEdited: event.target.value !== '' })
              }
            />
          </WizardField>
        </Col>
        <Col xs={24} md={6}>
          <WizardField label={t('labels.weight')} path={path('weight')} problems={problems} required>
            <InputNumber
              id={wizardFieldId(path('weight'))}
              min={0}
              max={100}
              step={0.01}
              precision={2}
              suffix="%"
              value={toPercent(version.weight)}
              onChange={(percent) => onChange({ ...version, weight: toBasisPoints(percent ?? 0) })}
              style={{ width: '100%' }}
              data-testid={`version-weight-${index}`}
            />
          </WizardField>
        </Col>
      </Row>
      {withParams && (
        <WizardField
          label={t('labels.params')}
          path={path('params')}
          problems={problems}
          extra={t('wizard.versions.paramsHelp')}
        >
          <Input.TextArea
            id={wizardFieldId(path('params'))}
            value={version.params}
            autoSize={{ minRows: 2, maxRows: 12 }}
            spellCheck={false}
            placeholder={'{\n  "color": "green"\n}'}
            style={monospace}
            data-testid={`version-params-${index}`}
            onChange={(event) => onChange({ ...version, params: event.target.value })}
          />
        </WizardField>
      )}
      {/* In the card, not its title bar: on a phone the title keeps room for the version's name and kind. */}
      {onMakeControl && !version.isControl && (
        <Button
          size="small"
          type="link"
          icon={<CrownOutlined />}
          style={{ paddingInline: 0 }}
          onClick={onMakeControl}
          data-testid={`version-make-control-${index}`}
        >
          {t('wizard.versions.makeControl')}
        </Button>
      )}
    </Card>
  );
}
