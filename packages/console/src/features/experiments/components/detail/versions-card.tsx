import { PlusOutlined } from '@ant-design/icons';
import type { Experiment, ExperimentVersion } from '@tabula/protocol';
import { Button, Card, Input, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreviewUrl } from '../../hooks/use-preview-url';
import { formatPercent } from '../../utils/weights';
import { AddVersionDialog } from './add-version-dialog';
import { PreviewLink } from './preview-link';

/** Statuses whose versions may still change: a stopped experiment keeps what it measured. */
const ADDS_VERSIONS: readonly Experiment['status'][] = ['draft', 'running', 'paused'];

interface VersionsCardProps {
  experiment: Experiment;
  /** Given when this user may add versions. */
  projectId?: string;
}

/**
 * Each version with its weight, its params and a link that shows it on the page, whatever the visitor's bucket; and
 * "Add version", which says before Save that a running experiment starts a new phase.
 */
export function VersionsCard({ experiment, projectId }: VersionsCardProps) {
  const { t } = useTranslation('experiments');
  const [adding, setAdding] = useState(false);
  const canAdd = projectId !== undefined && ADDS_VERSIONS.includes(experiment.status);
  const [typedUrl, setTypedUrl] = usePreviewUrl(experiment.id);
  // A visual experiment has its page to open (none while its pattern has * and no page was named); an A/B one runs
  // wherever the SDK does, so people name the page once.
  const pageUrl = experiment.page ? (experiment.page.openUrl ?? '') : typedUrl;

  const columns: TableColumnsType<ExperimentVersion> = [
    {
      title: t('versions.name'),
      key: 'name',
      render: (_, version) => (
        <>
          <Typography.Text strong>{version.name}</Typography.Text>{' '}
          {version.isControl && <Tag color="blue">{t('versions.control')}</Tag>}
          <div>
            <Typography.Text type="secondary" code style={{ fontSize: 12 }}>
              {version.key}
            </Typography.Text>
          </div>
        </>
      ),
    },
    { title: t('versions.weight'), key: 'weight', render: (_, version) => formatPercent(version.weight) },
    {
      title: t('versions.params'),
      key: 'params',
      render: (_, version) =>
        Object.keys(version.params).length ? (
          <pre style={{ margin: 0, fontSize: 12, whiteSpace: 'pre-wrap' }}>
            {JSON.stringify(version.params, null, 2)}
          </pre>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      title: t('versions.preview'),
      key: 'preview',
      render: (_, version) => (
        <PreviewLink
          pageUrl={pageUrl}
          experimentKey={experiment.key}
          versionKey={version.key}
          emptyText={t(experiment.page ? 'versions.previewNeedsOpenUrl' : 'versions.previewNeedsPage')}
        />
      ),
    },
  ];

  return (
    <Card
      extra={
        canAdd && (
          <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="versions-add">
            {t('wizard.versions.add')}
          </Button>
        )
      }
    >
      {adding && projectId !== undefined && (
        <AddVersionDialog projectId={projectId} experiment={experiment} onClose={() => setAdding(false)} />
      )}
      {!experiment.page && (
        <div style={{ marginBottom: 16, maxWidth: 560 }}>
          <Typography.Text strong>{t('versions.previewPage')}</Typography.Text>
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 8px' }}>
            {t('versions.previewPageHelp')}
          </Typography.Paragraph>
          <Input.Search
            defaultValue={typedUrl}
            placeholder="https://www.example.com/"
            enterButton={t('versions.previewPageSave')}
            onSearch={setTypedUrl}
            onBlur={(event) => setTypedUrl(event.target.value)}
            aria-label={t('versions.previewPage')}
            data-testid="preview-page-url"
          />
        </div>
      )}
      <Table
        rowKey="key"
        columns={columns}
        dataSource={experiment.versions}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="versions-table"
      />
    </Card>
  );
}
