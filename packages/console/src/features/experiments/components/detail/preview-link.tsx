import { ExportOutlined } from '@ant-design/icons';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CopyableValue } from '../../../../components/copyable-value';
import { buildPreviewLink } from '../../utils/preview-link';

interface PreviewLinkProps {
  pageUrl: string;
  experimentKey: string;
  versionKey: string;
  /** What to say while there is no page to link to. */
  emptyText: string;
}

/** The whole link, to copy into another browser or device, and a way to open it here. */
export function PreviewLink({ pageUrl, experimentKey, versionKey, emptyText }: PreviewLinkProps) {
  const { t } = useTranslation('experiments');
  const link = buildPreviewLink(pageUrl, experimentKey, versionKey);
  if (!link) return <Typography.Text type="secondary">{emptyText}</Typography.Text>;
  return (
    <Flex vertical gap={4} align="flex-start" style={{ maxWidth: 420 }}>
      <CopyableValue value={link} testId={`preview-link-${versionKey}`} />
      <Typography.Link
        href={link}
        target="_blank"
        rel="noopener noreferrer"
        style={{ fontSize: 12 }}
        data-testid={`preview-open-${versionKey}`}
      >
        {t('versions.previewOpen')} <ExportOutlined />
      </Typography.Link>
    </Flex>
  );
}
