import { ExportOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CopyableValue } from '../../../components/copyable-value';

/** The sample shop page, running the SDK with the demo project's own client key (GET /demo?key=…). */
export const demoUrl = (origin: string, clientKey: string) =>
  `${origin}/demo?${new URLSearchParams({ key: clientKey })}`;

export function DemoLinkCard({ origin, clientKey }: { origin: string; clientKey: string }) {
  const { t } = useTranslation('projects');
  const url = demoUrl(origin, clientKey);
  return (
    <Card title={t('home.demo.title')} data-testid="project-home-demo">
      <Flex vertical gap={12} align="flex-start">
        <Typography.Text type="secondary">{t('home.demo.description')}</Typography.Text>
        <Button
          type="primary"
          icon={<ExportOutlined />}
          href={url}
          target="_blank"
          data-testid="project-home-demo-link"
        >
          {t('home.demo.open')}
        </Button>
        <div style={{ alignSelf: 'stretch' }}>
          <CopyableValue value={url} />
        </div>
      </Flex>
    </Card>
  );
}
