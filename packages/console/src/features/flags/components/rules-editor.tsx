import { PlusOutlined } from '@ant-design/icons';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { Flag } from '@tabula/protocol';
import { Alert, App, Button, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SegmentOption } from '../../../components/conditions-editor';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useUpdateFlagEnvironment } from '../api/update-flag-environment';
import { useRuleProblemText } from '../hooks/use-rule-problem-text';
import type { RulesDraft } from '../hooks/use-rules-draft';
import { firstRuleProblem } from '../utils/rule-problems';
import { duplicateRule, moveRule, newRule, toRuleInputs } from '../utils/rules-draft';
import { formatVariantValue } from '../utils/variant-fields';
import { RuleCard } from './rule-card';
import type { ExperimentChoices } from './serve-editor';

interface RulesEditorProps {
  projectId: string;
  flag: Flag;
  environment: { key: string; name: string };
  segments: SegmentOption[];
  experiments: ExperimentChoices;
  canWrite: boolean;
  /** The page holds the draft: other parts of it need to know about unsaved edits. */
  draft: RulesDraft;
}

/**
 * The ordered rules of one environment: the first rule that matches serves. Edits stay in the page until saved
 * together with one request, or discarded.
 */
export function RulesEditor(props: RulesEditorProps) {
  const { projectId, flag, environment, segments, experiments, canWrite, draft } = props;
  const { t } = useTranslation('flags');
  const { message } = App.useApp();
  const update = useUpdateFlagEnvironment(projectId);
  const problemText = useRuleProblemText();
  const [problem, setProblem] = useState<string | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const disabled = !canWrite || flag.archivedAt !== null;
  const testId = `rules-${environment.key}`;

  const change: typeof draft.setRules = (next) => {
    setProblem(null);
    draft.setRules(next);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over) change((rules) => moveRule(rules, String(active.id), String(over.id)));
  };
  const save = () => {
    const found = firstRuleProblem(
      draft.rules,
      flag.variants.map((variant) => variant.key),
    );
    if (found) return setProblem(problemText(found));
    // A failure shows in the alert above the bar, from the mutation's error.
    update.mutate(
      { flagKey: flag.key, environment: environment.key, body: { rules: toRuleInputs(draft.rules) } },
      {
        onSuccess: (state) => {
          draft.reset(state.rules);
          message.success(t('rules.saved', { environment: environment.name }));
        },
      },
    );
  };
  const defaultValue = flag.variants.find((variant) => variant.key === flag.defaultVariant)?.value;

  return (
    <Flex vertical gap={12} data-testid={testId}>
      {draft.rules.length === 0 && (
        <Typography.Text type="secondary" data-testid={`${testId}-empty`}>
          {t('rules.empty')}
        </Typography.Text>
      )}
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={draft.rules.map((rule) => rule.draftKey)} strategy={verticalListSortingStrategy}>
          {draft.rules.map((rule, index) => (
            <RuleCard
              key={rule.draftKey}
              rule={rule}
              index={index}
              flag={flag}
              segments={segments}
              experiments={experiments}
              disabled={disabled}
              onChange={(next) => change((rules) => rules.map((old) => (old.draftKey === rule.draftKey ? next : old)))}
              onDuplicate={() => change((rules) => duplicateRule(rules, rule.draftKey))}
              onRemove={() => change((rules) => rules.filter((old) => old.draftKey !== rule.draftKey))}
            />
          ))}
        </SortableContext>
      </DndContext>
      {!disabled && (
        <div>
          <Button
            icon={<PlusOutlined />}
            onClick={() => change((rules) => [...rules, newRule(flag)])}
            data-testid={`${testId}-add`}
          >
            {t('rules.add')}
          </Button>
        </div>
      )}
      <Typography.Text type="secondary">
        {t(draft.rules.length === 0 ? 'rules.everyoneServed' : 'rules.otherwiseServed', {
          variant: flag.defaultVariant,
          value: defaultValue === undefined ? '' : formatVariantValue(defaultValue),
        })}
      </Typography.Text>
      {problem && <Alert type="error" showIcon title={problem} data-testid={`${testId}-problem`} />}
      <ServerErrorAlert error={update.error} style={{ marginBottom: 0 }} />
      {draft.dirty && (
        <Flex
          align="center"
          justify="space-between"
          gap={12}
          wrap
          data-testid={`${testId}-unsaved`}
          style={{
            position: 'sticky',
            bottom: 0,
            zIndex: 3,
            padding: '12px 16px',
            background: '#fffbe6',
            border: '1px solid #ffe58f',
            borderRadius: 8,
          }}
        >
          <Flex align="center" gap={8}>
            <Tag color="warning" style={{ margin: 0 }}>
              {t('rules.unsaved')}
            </Tag>
            <Typography.Text type="secondary">
              {t('rules.unsavedHelp', { environment: environment.name })}
            </Typography.Text>
          </Flex>
          <Flex gap={8}>
            <Button onClick={draft.discard} disabled={update.isPending} data-testid={`${testId}-discard`}>
              {t('rules.discard')}
            </Button>
            <Button type="primary" onClick={save} loading={update.isPending} data-testid={`${testId}-save`}>
              {t('rules.save')}
            </Button>
          </Flex>
        </Flex>
      )}
    </Flex>
  );
}
