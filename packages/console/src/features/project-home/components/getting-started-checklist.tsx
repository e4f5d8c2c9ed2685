import { CheckCircleFilled, ClockCircleOutlined } from '@ant-design/icons';
import type { GettingStartedItem, GettingStartedStep } from '@tabula/protocol';
import { Card, Flex, Progress, Skeleton, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RelativeTime } from '../../../components/relative-time';

interface GettingStartedChecklistProps {
  items: GettingStartedItem[] | undefined;
  /** Where each step is done; the app owns the routes. */
  stepHref: (step: GettingStartedStep) => string;
}

/** The first hour with a project, ticked off from what the server has seen, each step linking to where it is done. */
export function GettingStartedChecklist({ items, stepHref }: GettingStartedChecklistProps) {
  const { t } = useTranslation('projects');
  const { token } = theme.useToken();
  const done = items?.filter((item) => item.done).length ?? 0;
  const total = items?.length ?? 0;

  return (
    <Card
      title={t('home.checklist.title')}
      extra={
        items && (
          <Typography.Text type="secondary" data-testid="getting-started-progress">
            {t('home.checklist.progress', { done, total })}
          </Typography.Text>
        )
      }
      data-testid="getting-started"
    >
      {!items ? (
        <Skeleton active />
      ) : (
        <>
          <Progress percent={Math.round((done / total) * 100)} showInfo={false} style={{ marginBottom: 8 }} />
          <Flex vertical>
            {items.map((item) => (
              <Flex
                key={item.step}
                gap={12}
                align="flex-start"
                wrap
                style={{ padding: `${token.paddingSM}px 0`, borderTop: `1px solid ${token.colorBorderSecondary}` }}
                data-testid={`getting-started-${item.step}`}
                data-done={item.done}
              >
                {item.done ? (
                  <CheckCircleFilled style={{ color: token.colorSuccess, fontSize: 20, marginTop: 2 }} />
                ) : (
                  <ClockCircleOutlined style={{ color: token.colorTextTertiary, fontSize: 20, marginTop: 2 }} />
                )}
                <Flex vertical gap={2} style={{ flex: '1 1 200px', minWidth: 0 }}>
                  <Typography.Text strong>{t(`home.steps.${item.step}.title`)}</Typography.Text>
                  <Typography.Text type="secondary">{t(`home.steps.${item.step}.description`)}</Typography.Text>
                  {item.done && item.at && (
                    <Typography.Text type="success" style={{ fontSize: token.fontSizeSM }}>
                      {t(`home.steps.${item.step}.doneAt`)} <RelativeTime value={item.at} />
                    </Typography.Text>
                  )}
                </Flex>
                <Link to={stepHref(item.step)} data-testid={`getting-started-${item.step}-link`}>
                  {t(`home.steps.${item.step}.action`)}
                </Link>
              </Flex>
            ))}
          </Flex>
        </>
      )}
    </Card>
  );
}
