import { ToolOutlined } from '@ant-design/icons';
import { formatEnvTag } from '@tabula/protocol';
import { App, Button, Tooltip } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { assertDevtoolAvailable, DevtoolUnavailableError } from '../../../lib/platform/devtool';
import { usePlatformStore } from '../../../lib/platform/platform';
import { useDevtoolShortcut } from '../hooks/use-devtool-shortcut';
import { DevtoolPanel } from './devtool-panel';

/**
 * The developer tool's way in: outside production a button in the header naming the tag in force, and everywhere
 * the Alt+Shift+D shortcut, which in production answers with the spec's error instead of a panel.
 */
export function DevtoolEntry() {
  const { t } = useTranslation('platform');
  const { message } = App.useApp();
  const platform = usePlatformStore();
  const [open, setOpen] = useState(false);
  const isProduction = platform.env.environment === 'prod';

  const openPanel = useCallback(() => {
    try {
      assertDevtoolAvailable(platform.env.environment);
      setOpen(true);
    } catch (error) {
      if (!(error instanceof DevtoolUnavailableError)) throw error;
      void message.error(t('devtool.unavailable'));
    }
  }, [platform.env.environment, message, t]);
  useDevtoolShortcut(openPanel);

  if (isProduction) return null;
  return (
    <>
      <Tooltip title={t('devtool.open')}>
        <Button icon={<ToolOutlined />} onClick={openPanel} data-testid="devtool-button">
          {formatEnvTag(platform.tag)}
        </Button>
      </Tooltip>
      <DevtoolPanel platform={platform} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
