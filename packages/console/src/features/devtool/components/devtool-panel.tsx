import { ENV_TAGS, type EnvTag, envTagApiHost, formatEnvTag } from '@tabula/protocol';
import { Alert, Button, Descriptions, Drawer, Flex, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseEnvTagCookie } from '../../../lib/platform/devtool';
import type { Platform } from '../../../lib/platform/platform';

interface DevtoolPanelProps {
  platform: Platform;
  open: boolean;
  onClose: () => void;
  /** The console starts over on the chosen tag. */
  reload?: () => void;
}

const reloadPage = () => window.location.reload();

/** Spec §4: outside production, developers choose the environment tag (and so the API host) this console uses. */
export function DevtoolPanel({ platform, open, onClose, reload = reloadPage }: DevtoolPanelProps) {
  const { t } = useTranslation('platform');
  const [chosen, setChosen] = useState(formatEnvTag(platform.tag));
  const { env } = platform;

  const apply = (tag: EnvTag | null) => {
    chooseEnvTagCookie(env.environment, tag);
    reload();
  };
  const selected = ENV_TAGS.find((tag) => formatEnvTag(tag) === chosen) ?? null;

  return (
    <Drawer title={t('devtool.title')} open={open} onClose={onClose} size={420} data-testid="devtool-panel">
      <Flex vertical gap={16}>
        <Alert type="info" showIcon title={t('devtool.description')} />
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'page', label: t('devtool.pageEnvironment'), children: `${env.platform}/${env.environment}` },
            { key: 'tag', label: t('devtool.currentTag'), children: formatEnvTag(platform.tag) },
            { key: 'host', label: t('devtool.apiHost'), children: platform.apiHost },
          ]}
        />
        <Typography.Text strong>{t('devtool.chooseTag')}</Typography.Text>
        <Radio.Group value={chosen} onChange={(event) => setChosen(event.target.value)} data-testid="devtool-tags">
          <Flex vertical gap={8}>
            {ENV_TAGS.map((tag) => {
              const name = formatEnvTag(tag);
              return (
                <Radio key={name} value={name} data-testid={`devtool-tag-${name}`}>
                  <Flex vertical>
                    <Typography.Text>{name}</Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {envTagApiHost(tag, env.apiHosts)}
                    </Typography.Text>
                  </Flex>
                </Radio>
              );
            })}
          </Flex>
        </Radio.Group>
        <Flex gap={8} justify="flex-end">
          <Button onClick={() => apply(null)} data-testid="devtool-reset">
            {t('devtool.reset')}
          </Button>
          <Button type="primary" disabled={!selected} onClick={() => apply(selected)} data-testid="devtool-apply">
            {t('devtool.apply')}
          </Button>
        </Flex>
      </Flex>
    </Drawer>
  );
}
