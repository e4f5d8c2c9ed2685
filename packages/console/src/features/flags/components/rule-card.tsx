import { CopyOutlined, DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Variant } from '@tabula/protocol';
import { Button, Card, Flex, Tooltip, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ConditionsEditor, type SegmentOption, SegmentSelect } from '../../../components/conditions-editor';
import type { DraftRule } from '../utils/rules-draft';
import { type ExperimentChoices, ServeEditor } from './serve-editor';

interface RuleCardProps {
  rule: DraftRule;
  index: number;
  onChange: (rule: DraftRule) => void;
  onDuplicate: () => void;
  onRemove: () => void;
  flag: { key: string; variants: Variant[]; defaultVariant: string | null };
  segments: SegmentOption[];
  experiments: ExperimentChoices;
  disabled: boolean;
}

/** A part of the rule, its fields grouped under the label beside them (what a screen reader announces). */
function Section({ label, children }: { label: string; children: React.ReactNode }) {
  const labelId = useId();
  return (
    <Flex gap={12} align="flex-start" wrap role="group" aria-labelledby={labelId}>
      <Typography.Text id={labelId} strong style={{ width: 104, lineHeight: '32px', flex: 'none' }}>
        {label}
      </Typography.Text>
      <div style={{ flex: 1, minWidth: 280 }}>{children}</div>
    </Flex>
  );
}

/** One rule: who it applies to (conditions and segments, all must hold) and what it serves. Dragged by its handle. */
export function RuleCard(props: RuleCardProps) {
  const { rule, index, onChange, onDuplicate, onRemove, flag, segments, experiments, disabled } = props;
  const { t } = useTranslation('flags');
  const sortable = useSortable({ id: rule.draftKey, disabled });
  const testId = `rule-${index}`;

  return (
    <div
      ref={sortable.setNodeRef}
      style={{
        transform: CSS.Translate.toString(sortable.transform),
        transition: sortable.transition,
        position: 'relative',
        zIndex: sortable.isDragging ? 2 : undefined,
      }}
    >
      <Card
        size="small"
        data-testid={testId}
        style={{ boxShadow: sortable.isDragging ? '0 8px 24px rgba(0, 0, 0, 0.15)' : undefined }}
        title={
          <Flex align="center" gap={8}>
            {!disabled && (
              <Button
                type="text"
                size="small"
                icon={<HolderOutlined />}
                style={{ cursor: 'grab' }}
                aria-label={t('rules.drag', { number: index + 1 })}
                {...sortable.attributes}
                {...sortable.listeners}
              />
            )}
            <span>{t('rules.title', { number: index + 1 })}</span>
            {!rule.id && <Typography.Text type="secondary">{t('rules.new')}</Typography.Text>}
          </Flex>
        }
        extra={
          !disabled && (
            <Flex gap={4}>
              <Tooltip title={t('rules.duplicate')}>
                <Button
                  type="text"
                  size="small"
                  icon={<CopyOutlined />}
                  aria-label={t('rules.duplicate')}
                  onClick={onDuplicate}
                  data-testid={`${testId}-duplicate`}
                />
              </Tooltip>
              <Tooltip title={t('rules.remove')}>
                <Button
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('rules.remove')}
                  onClick={onRemove}
                  data-testid={`${testId}-remove`}
                />
              </Tooltip>
            </Flex>
          )
        }
      >
        <Flex vertical gap={12}>
          <Section label={t('rules.if')}>
            <ConditionsEditor
              value={rule.conditions}
              onChange={(conditions) => onChange({ ...rule, conditions })}
              disabled={disabled}
              testId={`${testId}-conditions`}
            />
          </Section>
          <Section label={t('rules.inSegments')}>
            <SegmentSelect
              value={rule.segments}
              onChange={(keys) => onChange({ ...rule, segments: keys })}
              segments={segments}
              disabled={disabled}
              testId={`${testId}-segments`}
            />
          </Section>
          <Section label={t('rules.serve')}>
            <ServeEditor
              serve={rule.serve}
              onChange={(serve) => onChange({ ...rule, serve })}
              flag={flag}
              experiments={experiments}
              disabled={disabled}
              testId={`${testId}-serve`}
            />
          </Section>
        </Flex>
      </Card>
    </div>
  );
}
