import type { ChangeRequest } from '@tabula/protocol';
import { Button, Card, Flex, Form, Input, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RelativeTime } from '../../../components/relative-time';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useCommentOnChangeRequest } from '../api/comment-on-change-request';

interface CommentsThreadProps {
  projectId: string;
  changeRequest: ChangeRequest;
}

/** The discussion of a request, reviews' verdicts included; bodies are plain text, shown as typed. */
export function CommentsThread({ projectId, changeRequest }: CommentsThreadProps) {
  const { t } = useTranslation('changeRequests');
  const [form] = Form.useForm<{ body: string }>();
  const comment = useCommentOnChangeRequest(projectId, changeRequest.id);
  const send = ({ body }: { body: string }) => comment.mutate(body.trim(), { onSuccess: () => form.resetFields() });

  return (
    <Card title={t('comments.title')} data-testid="change-request-comments">
      <Flex vertical gap={12}>
        {changeRequest.comments.length === 0 && (
          <Typography.Text type="secondary">{t('comments.empty')}</Typography.Text>
        )}
        {changeRequest.comments.map((entry) => (
          <Flex vertical gap={2} key={entry.id} data-testid={`comment-${entry.id}`}>
            <Flex gap={8} align="center" wrap>
              <Typography.Text strong>{entry.author.name}</Typography.Text>
              {entry.verdict && (
                <Tag color={entry.verdict === 'approved' ? 'success' : 'error'}>{t(`comments.${entry.verdict}`)}</Tag>
              )}
              <Typography.Text type="secondary">
                <RelativeTime value={entry.at} />
              </Typography.Text>
            </Flex>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{entry.body}</Typography.Paragraph>
          </Flex>
        ))}
        <ServerErrorAlert error={comment.error} />
        <Form form={form} name="change-request-comment" onFinish={send} layout="vertical">
          <Form.Item
            name="body"
            label={t('comments.label')}
            rules={[{ required: true, whitespace: true, message: t('comments.required') }]}
          >
            <Input.TextArea rows={3} maxLength={5000} data-testid="comment-body" />
          </Form.Item>
          <Button htmlType="submit" loading={comment.isPending} data-testid="comment-submit">
            {t('comments.submit')}
          </Button>
        </Form>
      </Flex>
    </Card>
  );
}
