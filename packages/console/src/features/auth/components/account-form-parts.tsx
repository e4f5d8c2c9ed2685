import { Button } from 'antd';
import type { ReactNode } from 'react';

export function AccountSubmitButton({
  loading,
  disabled,
  testId,
  children,
}: {
  loading: boolean;
  disabled?: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Button
      type="primary"
      htmlType="submit"
      block
      size="large"
      loading={loading}
      disabled={disabled}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}
