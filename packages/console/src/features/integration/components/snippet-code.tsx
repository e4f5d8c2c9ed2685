import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { App, Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';

/** The generated code, and a button that copies it. */
export function SnippetCode({ code }: { code: string }) {
  const { t } = useTranslation('integration');
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const codeBox = {
    padding: token.padding,
    fontFamily: token.fontFamilyCode,
    fontSize: token.fontSizeSM,
    background: token.colorFillQuaternary,
    border: `1px solid ${token.colorBorderSecondary}`,
    borderRadius: token.borderRadius,
  };
  const copyFace = {
    display: 'inline-flex',
    gap: token.marginXS,
    alignItems: 'center',
    padding: `${token.paddingXXS}px ${token.padding}px`,
    color: token.colorTextLightSolid,
    background: token.colorPrimary,
    borderRadius: token.borderRadius,
    fontSize: token.fontSize,
    lineHeight: `${token.controlHeight - 2 * token.paddingXXS}px`,
  };
  return (
    <>
      <pre data-testid="snippet-code" style={{ ...codeBox, margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {code}
      </pre>
      <Flex justify="flex-end" style={{ marginTop: 12 }}>
        <Typography.Text
          copyable={{
            text: code,
            tooltips: false,
            onCopy: () => message.success(t('generator.copied')),
            // antd's copy control is itself a button (and falls back to the older clipboard API on plain http), so
            // its faces are spans drawn like the primary button rather than buttons nested in it.
            icon: [
              <span key="copy" style={copyFace} data-testid="snippet-copy">
                <CopyOutlined /> {t('generator.copy')}
              </span>,
              <span key="copied" style={{ ...copyFace, background: token.colorSuccess }}>
                <CheckOutlined /> {t('generator.copied')}
              </span>,
            ],
          }}
        />
      </Flex>
    </>
  );
}
