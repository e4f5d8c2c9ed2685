import { EditOutlined } from '@ant-design/icons';
import type { EditorToken, Experiment } from '@tabula/protocol';
import { Alert, Button, Card, Flex, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyableValue } from '../../../components/copyable-value';
import { describeError } from '../../../lib/form-errors';
import { useCreateEditorToken } from '../api/create-editor-token';
import { editorBookmarklet, editorServerOrigin } from '../utils/bookmarklet';

type VisualEditorCardProps = { projectId: string } & (
  | { experiment: Experiment; saveFirst?: never }
  | {
      /** The wizard's new experiment, not saved yet: an editor token needs a saved one. */
      experiment?: never;
      /** Saves it as a draft, resolving to null when it was not saved. */
      saveFirst: () => Promise<Experiment | null>;
    }
) & {
    /** Hears of the draft saved first, once the editor's tab has been sent to its page (or could not be). */
    onDraftSaved?: (experiment: Experiment) => void;
  };

/**
 * "Open visual editor": makes a short-lived token for this experiment and opens its page with the token, where the
 * editor starts. The same token signs in the browser extension, and the bookmarklet opens the editor on any page.
 */
export function VisualEditorCard({ projectId, experiment, saveFirst, onDraftSaved }: VisualEditorCardProps) {
  const { t } = useTranslation('experiments');
  const create = useCreateEditorToken(projectId);
  const [saving, setSaving] = useState(false);
  const [opened, setOpened] = useState<EditorToken | null>(null);
  const unsaved = experiment === undefined;

  const open = async () => {
    // Opened now, while the click still allows a new tab; it is sent to the page once the token is there.
    const tab = unsaved || experiment.page ? window.open('', '_blank') : null;
    setSaving(unsaved);
    const target = unsaved ? await saveFirst().finally(() => setSaving(false)) : experiment;
    if (!target) {
      tab?.close();
      return;
    }
    create.mutate(target.key, {
      onSuccess: (token) => {
        setOpened(token);
        if (tab && token.editorUrl) {
          tab.opener = null;
          tab.location.href = token.editorUrl;
        } else tab?.close();
      },
      onError: () => tab?.close(),
      onSettled: () => {
        if (unsaved) onDraftSaved?.(target);
      },
    });
  };

  return (
    <Card title={t('visualEditor.title')} data-testid="visual-editor-card" style={{ marginBottom: 16 }}>
      <Flex vertical gap={12} align="flex-start">
        <Typography.Text type="secondary">
          {t(unsaved ? 'visualEditor.saveFirst' : 'visualEditor.intro')}
        </Typography.Text>
        <Button
          type="primary"
          icon={<EditOutlined />}
          loading={saving || create.isPending}
          onClick={open}
          data-testid="open-visual-editor"
        >
          {t(unsaved ? 'visualEditor.saveAndOpen' : 'visualEditor.open')}
        </Button>
        {create.isError && <Alert type="error" showIcon title={describeError(create.error, t)} />}
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
