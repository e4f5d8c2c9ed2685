import { breakdownAttributesSchema, MAX_BREAKDOWN_ATTRIBUTES, type Project } from '@tabula/protocol';
import { App, Button, Card, Flex, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useCan } from '../../../lib/authorization';
import { useUpdateProject } from '../api/update-project';

/** The attributes results may be broken down by, which exposures carry beside the standard dimensions. */
export function BreakdownAttributesCard({ project }: { project: Project }) {
  const { t } = useTranslation('projects');
  const { message } = App.useApp();
  const canWrite = useCan('project:write');
  const update = useUpdateProject(project.id);
  const [names, setNames] = useState(project.breakdownAttributes);
  const valid = breakdownAttributesSchema.safeParse(names);
  return (
    <Card title={t('breakdownAttributes.title')}>
      <Typography.Paragraph type="secondary">{t('breakdownAttributes.description')}</Typography.Paragraph>
      <ServerErrorAlert error={update.error} />
      <Flex gap={12} align="center">
        <Select
          mode="tags"
          value={names}
          onChange={setNames}
          maxCount={MAX_BREAKDOWN_ATTRIBUTES}
          disabled={!canWrite}
          placeholder={t('breakdownAttributes.placeholder')}
          status={valid.success ? undefined : 'error'}
          style={{ flex: 1 }}
          data-testid="breakdown-attributes"
          aria-label={t('breakdownAttributes.title')}
        />
        <Button
          type="primary"
          disabled={!canWrite || !valid.success}
          loading={update.isPending}
          data-testid="breakdown-attributes-save"
          onClick={() =>
            update.mutate(
              { breakdownAttributes: names },
              { onSuccess: () => void message.success(t('breakdownAttributes.saved')) },
            )
          }
        >
          {t('common:actions.save')}
        </Button>
      </Flex>
      {!valid.success && <Typography.Text type="danger">{valid.error.issues[0]?.message}</Typography.Text>}
    </Card>
  );
}
