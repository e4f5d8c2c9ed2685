import { EDITION_FAMILY, EDITIONS, type Edition } from '@tabula/protocol';
import { Alert, Card, Flex, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { optionTestIds } from '../../../components/option-test-ids';
import { followEditionLanguage } from '../../../lib/i18n';
import { familyOf } from '../../../lib/platform/edition';
import { useEdition, useHostEdition } from '../../../lib/platform/platform';
import { useSettingsStore } from '../../../lib/settings-store';

/**
 * Spec §1: the edition (theme) chosen on this browser. The host name's edition wins where it names one; the choice
 * then waits for an address that names none.
 */
export function ThemeSettings() {
  const { t } = useTranslation('settings');
  const theme = useSettingsStore((state) => state.theme);
  const setTheme = useSettingsStore((state) => state.setTheme);
  const fromHost = useHostEdition();
  const edition = useEdition();

  const choose = (next: Edition | null) => {
    setTheme(next);
    if (!fromHost) void followEditionLanguage(familyOf(next ?? edition));
  };

  return (
    <Card title={t('theme.title')}>
      <Flex vertical gap={16}>
        {fromHost && (
          <Alert
            type="info"
            showIcon
            data-testid="theme-from-host"
            title={t('theme.fromHost', { edition: t(`platform:editions.${fromHost}`) })}
          />
        )}
        <Flex justify="space-between" align="center" gap={16} wrap>
          <Typography.Text type="secondary">{t('theme.description')}</Typography.Text>
          <Select<Edition>
            data-testid="theme-select"
            aria-label={t('theme.title')}
            style={{ width: 240 }}
            value={theme ?? undefined}
            placeholder={t('theme.default', { edition: t(`platform:editions.${edition}`) })}
            allowClear
            onChange={(value) => choose(value ?? null)}
            optionRender={optionTestIds('theme-option')}
            options={EDITIONS.map((value) => ({
              value,
              label: `${t(`platform:editions.${value}`)} · ${t(`platform:families.${EDITION_FAMILY[value]}`)}`,
            }))}
          />
        </Flex>
      </Flex>
    </Card>
  );
}
