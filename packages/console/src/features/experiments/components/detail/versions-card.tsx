import type { Experiment, ExperimentVersion } from '@tabula/protocol';
import { Card, Input, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePreviewUrl } from '../../hooks/use-preview-url';
import { formatPercent } from '../../utils/weights';
import { PreviewLink } from './preview-link';

/** Each version with its weight, its params and a link that shows it on the page, whatever the visitor's bucket. */
export function VersionsCard({ experiment }: { experiment: Experiment }) {
  const { t } = useTranslation('experiments');
  const [typedUrl, setTypedUrl] = usePreviewUrl(experiment.id);
  // A visual experiment has its page; an A/B one runs wherever the SDK does, so people name the page once.
  const pageUrl = experiment.page?.url ?? typedUrl;

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
      render: (_, version) => <PreviewLink pageUrl={pageUrl} experimentKey={experiment.key} versionKey={version.key} />,
    },
  ];

  return (
    <Card>
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
