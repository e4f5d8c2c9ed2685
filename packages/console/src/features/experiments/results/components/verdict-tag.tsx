import type { Verdict } from '@tabula/protocol';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { VERDICT_TONES } from '../utils/verdict';

const TAG_COLOURS = { success: 'success', error: 'error', neutral: 'default', muted: undefined } as const;

/** `trusted` false: a health check fails, so no verdict stands, whatever the statistics say. */
export function VerdictTag({ verdict, trusted = true }: { verdict: Verdict; trusted?: boolean }) {
  const { t } = useTranslation('results');
  if (!trusted) {
    return (
      <Tag color="warning" variant="outlined" data-verdict="untrusted" data-tone="warning">
        {t('verdicts.untrusted')}
      </Tag>
    );
  }
  const tone = VERDICT_TONES[verdict];
  return (
    <Tag
      color={TAG_COLOURS[tone]}
      variant={tone === 'muted' ? 'filled' : 'outlined'}
      data-verdict={verdict}
      data-tone={tone}
      style={tone === 'muted' ? { opacity: 0.6 } : undefined}
    >
      {t(`verdicts.${verdict}`)}
    </Tag>
  );
}
