import { EditOutlined } from '@ant-design/icons';
import type { EditorToken, Experiment } from '@tabula/protocol';
import { Alert, Button, Card, Flex, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyableValue } from '../../../../components/copyable-value';
import { useCreateEditorToken } from '../../api/create-editor-token';
import { editorBookmarklet, editorServerOrigin } from '../../utils/bookmarklet';

/**
 * "Open visual editor": makes a short-lived token for this experiment and opens its page with the token, where the
 * editor starts. The same token signs in the browser extension, and the bookmarklet opens the editor on any page.
 */
export function VisualEditorCard({ projectId, experiment }: { projectId: string; experiment: Experiment }) {
  const { t } = useTranslation('experiments');
  const create = useCreateEditorToken(projectId, experiment.key);
  const [opened, setOpened] = useState<EditorToken | null>(null);

  const open = () => {
    // Opened now, while the click still allows a new tab; it is sent to the page once the token is there.
    const tab = experiment.page ? window.open('', '_blank') : null;
    create.mutate(undefined, {
      onSuccess: (token) => {
        setOpened(token);
        if (tab && token.editorUrl) {
          tab.opener = null;
          tab.location.href = token.editorUrl;
        } else tab?.close();
      },
      onError: () => tab?.close(),
    });
  };

  return (
    <Card title={t('visualEditor.title')} data-testid="visual-editor-card" style={{ marginBottom: 16 }}>
      <Flex vertical gap={12} align="flex-start">
        <Typography.Text type="secondary">{t('visualEditor.intro')}</Typography.Text>
        <Button
          type="primary"
          icon={<EditOutlined />}
          loading={create.isPending}
          onClick={open}
          data-testid="open-visual-editor"
        >
          {t('visualEditor.open')}
        </Button>
        {create.isError && <Alert type="error" showIcon title={create.error.message} />}
        {opened && (
          <Flex vertical gap={8} style={{ width: '100%' }} data-testid="visual-editor-token">
            {!opened.editorUrl && <Alert type="info" showIcon title={t('visualEditor.noPage')} />}
            <Typography.Text strong>{t('visualEditor.token')}</Typography.Text>
            <CopyableValue value={opened.token} testId="visual-editor-token-value" />
            <Typography.Text type="secondary">
              {t('visualEditor.expires', { time: dayjs(opened.expiresAt).format('LT') })} ·{' '}
              {t('visualEditor.extension')}
            </Typography.Text>
            <Typography.Text strong>{t('visualEditor.bookmarklet')}</Typography.Text>
            <CopyableValue
              value={editorBookmarklet(editorServerOrigin(), opened.token)}
              testId="visual-editor-bookmarklet"
            />
            <Typography.Text type="secondary">{t('visualEditor.bookmarkletHint')}</Typography.Text>
          </Flex>
        )}
      </Flex>
    </Card>
  );
}
