import { Typography, theme } from 'antd';

/** A secret or link shown in full in a monospaced box, with a copy button (whose tooltips antd's locale translates). */
export function CopyableValue({ value, testId }: { value: string; testId?: string }) {
  const { token } = theme.useToken();
  return (
    <Typography.Paragraph
      data-testid={testId}
      copyable={{ text: value }}
      style={{
        wordBreak: 'break-all',
        margin: 0,
        padding: `${token.paddingXS}px ${token.paddingSM}px`,
        fontFamily: token.fontFamilyCode,
        fontSize: token.fontSizeSM,
        background: token.colorFillQuaternary,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
      }}
    >
      {value}
    </Typography.Paragraph>
  );
}
