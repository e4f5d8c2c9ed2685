import { Typography } from 'antd';

/** A secret or link shown in full, monospaced, with a copy button (whose tooltips antd's locale translates). */
export function CopyableValue({ value, testId }: { value: string; testId?: string }) {
  return (
    <Typography.Paragraph
      data-testid={testId}
      copyable={{ text: value }}
      code
      style={{ wordBreak: 'break-all', marginBottom: 0, fontSize: 13 }}
    >
      {value}
    </Typography.Paragraph>
  );
}
