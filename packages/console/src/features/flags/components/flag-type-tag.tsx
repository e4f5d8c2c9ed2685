import type { FlagType } from '@tabula/protocol';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const TYPE_COLORS: Record<FlagType, string> = { boolean: 'blue', string: 'purple', number: 'cyan', json: 'gold' };

export function FlagTypeTag({ type }: { type: FlagType }) {
  const { t } = useTranslation('flags');
  return <Tag color={TYPE_COLORS[type]}>{t(`types.${type}`)}</Tag>;
}
