import { Typography } from 'antd';

interface KeyTextProps {
  value: string;
  testId?: string;
}

/** A key on one monospaced line with a copy button; a long one is cut short, its whole text shown on hover. */
export function KeyText({ value, testId }: KeyTextProps) {
  return (
    <Typography.Text
      code
      copyable={{ text: value }}
      ellipsis={{ tooltip: value }}
      style={{ maxWidth: 240 }}
      data-testid={testId}
    >
      {value}
    </Typography.Text>
  );
}
