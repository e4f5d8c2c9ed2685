import { Empty, Typography } from 'antd';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
}

/** An empty list says what would be here and offers the action that fills it. */
export function EmptyState({ title, description, action }: EmptyStateProps) {
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      style={{ padding: '32px 0' }}
      description={
        <>
          <Typography.Text strong>{title}</Typography.Text>
          {description && (
            <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
              {description}
            </Typography.Paragraph>
          )}
        </>
      }
    >
      {action}
    </Empty>
  );
}
