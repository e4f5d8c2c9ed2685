import { DeleteOutlined, EditOutlined, WarningOutlined } from '@ant-design/icons';
import type { ExperimentTemplate, Layer } from '@tabula/protocol';
import { App, Button, Flex, Popconfirm, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SegmentOption } from '../../../../components/conditions-editor';
import { EmptyState } from '../../../../components/empty-state';
import { ServerErrorAlert } from '../../../../components/server-error-alert';
import { DecisionRuleText, PlannedDaysText } from '../../components/plan-summary';
import { useCanEditExperiments } from '../../hooks/use-can-edit-experiments';
import { formatPercent } from '../../utils/weights';
import { useDeleteTemplate } from '../api/delete-template';
import { useTemplates } from '../api/get-templates';
import { hasMissing } from '../utils/apply-template';
import { EditTemplateModal } from './edit-template-modal';
import { MissingReferences } from './template-picker';

interface TemplateListProps {
  projectId: string;
  /** Where a new experiment starts from the template. */
  newExperimentHref: (key: string) => string;
  /** What a template's setup can name: the project's layers and segments. */
  layers: Layer[];
  segments: SegmentOption[];
}

/** The project's experiment templates: what each sets up, what it names that is gone, and starting from one. */
export function TemplateList({ projectId, newExperimentHref, layers, segments }: TemplateListProps) {
  const { t } = useTranslation('experiments');
  const { message } = App.useApp();
  const canEdit = useCanEditExperiments();
  const templates = useTemplates(projectId);
  const remove = useDeleteTemplate(projectId);
  // The editor is mounted per edit, so each starts from the template as it is now, and kept while it fades out.
  const [editing, setEditing] = useState<ExperimentTemplate | null>(null);
  const [editorOpen, setEditorOpen] = useState(false);
  // Each opening is a new editor: one reopened while the last is still fading out must not keep its draft.
  const [editorSession, setEditorSession] = useState(0);

  const columns: TableColumnsType<ExperimentTemplate> = [
    {
      title: t('templates.fields.name'),
      key: 'name',
      render: (_, template) => (
        <Flex vertical>
          <Typography.Text strong>{template.name}</Typography.Text>
          <Typography.Text type="secondary" code>
            {template.key}
          </Typography.Text>
          {template.description && <Typography.Text type="secondary">{template.description}</Typography.Text>}
        </Flex>
      ),
    },
    {
      title: t('templates.columns.setup'),
      key: 'setup',
      render: (_, { settings }) => (
        <Flex vertical gap={2}>
          <span>
            {t(`kinds.${settings.kind}`)} · {t('templates.versionsCount', { count: settings.versions.length })} ·{' '}
            {formatPercent(settings.traffic)}
          </span>
          <span>
            {t('metricGroups.primary')}: {settings.metrics.primary.join(', ') || '—'}
          </span>
          {settings.layer && (
            <span>
              {t('labels.layer')}: {settings.layer}
            </span>
          )}
        </Flex>
      ),
    },
    {
      title: t('plan.plannedDays'),
      key: 'plannedDays',
      render: (_, { settings }) => <PlannedDaysText days={settings.plannedDays} />,
    },
    {
      title: t('plan.rule'),
      key: 'rule',
      render: (_, { settings }) => <DecisionRuleText rule={settings.decisionRule} />,
    },
    {
      title: t('templates.columns.actions'),
      key: 'actions',
      render: (_, template) => (
        <Flex gap={8} align="center" wrap>
          {hasMissing(template.missing) && (
            <Tooltip title={<MissingReferences missing={template.missing} />}>
              <Tag color="warning" icon={<WarningOutlined />} data-testid="template-missing">
                {t('templates.missingTag')}
              </Tag>
            </Tooltip>
          )}
          {canEdit && (
            <Link to={newExperimentHref(template.key)} data-testid={`use-template-${template.key}`}>
              {t('templates.use')}
            </Link>
          )}
          {canEdit && (
            <Button
              size="small"
              icon={<EditOutlined />}
              aria-label={t('templates.editTitle')}
              data-testid={`edit-template-${template.key}`}
              onClick={() => {
                setEditing(template);
                setEditorSession((session) => session + 1);
                setEditorOpen(true);
              }}
            />
          )}
          {canEdit && (
            <Popconfirm
              title={t('templates.deleteConfirm', { name: template.name })}
              okText={t('common:actions.delete')}
              cancelText={t('common:actions.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => remove.mutateAsync(template.key).then(() => message.success(t('templates.deleted')))}
            >
              <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('common:actions.delete')} />
            </Popconfirm>
          )}
        </Flex>
      ),
    },
  ];

  return (
    <>
      <ServerErrorAlert error={templates.error ?? remove.error} />
      <Table<ExperimentTemplate>
        rowKey="key"
        loading={templates.isPending}
        columns={columns}
        dataSource={templates.data ?? []}
        pagination={false}
        // A phone scrolls the table sideways rather than squeeze a key into a column a letter wide.
        scroll={{ x: 'max-content' }}
        data-testid="template-list"
        locale={{
          emptyText: <EmptyState title={t('templates.empty')} description={t('templates.emptyDescription')} />,
        }}
      />
      {editing && (
        <EditTemplateModal
          key={editorSession}
          projectId={projectId}
          template={editing}
          open={editorOpen}
          layers={layers}
          segments={segments}
          onClose={() => setEditorOpen(false)}
          afterClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
