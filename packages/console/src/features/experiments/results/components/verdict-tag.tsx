import type { Verdict } from '@tabula/protocol';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { VERDICT_TONES } from '../utils/verdict';

const TAG_COLOURS = { success: 'success', error: 'error', neutral: 'default', muted: undefined } as const;

export function VerdictTag({ verdict }: { verdict: Verdict }) {
  const { t } = useTranslation('results');
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
