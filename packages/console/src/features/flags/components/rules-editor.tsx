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
import { Alert, App, Button, type ButtonProps, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditDiff } from '../../../components/audit-diff/audit-diff';
import type { SegmentOption } from '../../../components/conditions-editor';
import { readableEnvironment } from '../../../components/rule-sentences';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { isDiverted } from '../../../lib/diverted-change';
import { useUpdateFlagEnvironment } from '../api/update-flag-environment';
import { useRuleDragAccessibility } from '../hooks/use-rule-drag-accessibility';
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
  environment: { key: string; name: string; protected: boolean };
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
  const { message, modal } = App.useApp();
  const update = useUpdateFlagEnvironment(projectId);
  const problemText = useRuleProblemText();
  const [problem, setProblem] = useState<string | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ruleKeys = draft.rules.map((rule) => rule.draftKey);
  const dragAccessibility = useRuleDragAccessibility(ruleKeys);
  const disabled = !canWrite || flag.archivedAt !== null;
  const testId = `rules-${environment.key}`;

  const change: typeof draft.setRules = (next) => {
    setProblem(null);
    draft.setRules(next);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over) change((rules) => moveRule(rules, String(active.id), String(over.id)));
  };
  const send = () =>
    // A failure shows in the alert above the bar, from the mutation's error.
    update.mutate(
      { flagKey: flag.key, environment: environment.key, body: { rules: toRuleInputs(draft.rules) } },
      {
        onSuccess: (result) => {
          // A change waiting for approval leaves the rules as they are; the edit now lives in the change request.
          if (isDiverted(result)) return draft.discard();
          draft.reset(result.rules);
          message.success(t('rules.saved', { environment: environment.name }));
        },
      },
    );
  const save = () => {
    const found = firstRuleProblem(
      draft.rules,
      flag.variants.map((variant) => variant.key),
    );
    if (found) return setProblem(problemText(found));
    if (!environment.protected) return send();
    // Real users get what is saved within seconds: the same check the switch asks for, with what changes.
    modal.confirm({
      title: t('rules.confirmTitle', { environment: environment.name }),
      width: 760,
      content: (
        <Flex vertical gap={8}>
          <Typography.Text>{t('rules.confirm')}</Typography.Text>
          <AuditDiff
            before={readableEnvironment({ rules: draft.saved }, t)}
            after={readableEnvironment({ rules: draft.rules }, t)}
            testId={`${testId}-diff`}
          />
        </Flex>
      ),
      okText: t('rules.confirmSave'),
      okButtonProps: { 'data-testid': `${testId}-confirm` } as ButtonProps,
      cancelText: t('common:actions.cancel'),
      onOk: send,
    });
  };
  const defaultValue = flag.variants.find((variant) => variant.key === flag.defaultVariant)?.value;

  return (
    <Flex vertical gap={12} data-testid={testId}>
      {draft.restored && draft.dirty && (
        <Alert
          type="info"
          showIcon
          role="status"
          data-testid={`${testId}-restored`}
          title={t('rules.restored', { environment: environment.name })}
          action={
            <Button size="small" onClick={draft.discard} data-testid={`${testId}-restored-discard`}>
              {t('rules.discard')}
            </Button>
          }
        />
      )}
      {draft.rules.length === 0 && (
        <Typography.Text type="secondary" data-testid={`${testId}-empty`}>
          {t('rules.empty')}
        </Typography.Text>
      )}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={dragAccessibility}
      >
        <SortableContext items={ruleKeys} strategy={verticalListSortingStrategy}>
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
        {flag.defaultVariant === null
          ? t(draft.rules.length === 0 ? 'rules.everyoneServedCode' : 'rules.otherwiseServedCode')
          : t(draft.rules.length === 0 ? 'rules.everyoneServed' : 'rules.otherwiseServed', {
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
