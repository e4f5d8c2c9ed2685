import type { ChangeRecord } from '@tabula/protocol';
import { useTranslation } from 'react-i18next';
import { slotOf } from '../changes/history';

interface ChangesListProps {
  records: readonly ChangeRecord[];
  onRemove?: (index: number) => void;
  onShow?: (record: ChangeRecord) => void;
}

const MAX_VALUE_LENGTH = 60;
const shortened = (value: string) => (value.length > MAX_VALUE_LENGTH ? `${value.slice(0, MAX_VALUE_LENGTH)}…` : value);

/** A version's changes in the order they are applied, each removable. */
export function ChangesList({ records, onRemove, onShow }: ChangesListProps) {
  const { t } = useTranslation();
  if (records.length === 0) return <p className="muted">{t('changes.none')}</p>;
  const describe = (record: ChangeRecord) => {
    switch (record.type) {
      case 'remove':
        return t('changes.remove');
      case 'insert':
        return t('changes.insert', {
          kind: t(`insert.kinds.${record.key}`),
          position: t(`insert.positions.${record.insertOrder}`),
        });
      case 'css':
      case 'script':
      case 'redirect':
        return `${t(`pageChanges.${record.type}`)}: ${shortened(record.value)}`;
    }
    if (record.type === 'style' && record.key === 'display' && record.value === 'none') return t('changes.hidden');
    if (record.type !== 'move')
      return `${t(`fields.${record.key}`, { defaultValue: record.key })}: ${shortened(record.value)}`;
    if (record.moveType === 'reorder') {
      return t('changes.reorder', { insertOrder: t(`changes.${record.insertOrder}`), target: record.targetSelector });
    }
    const moved = t('changes.anywhere', { x: record.x, y: record.y });
    return record.device ? `${moved} (${t(`devices.${record.device}`)})` : moved;
  };
  return (
    <ul className="changes">
      {records.map((record, index) => (
        // Records of one version are told apart by what they set and where: the list never holds two alike.
        <li key={slotOf(record)} data-change={index}>
          <code>
            {onShow ? (
              <button type="button" className="link" onClick={() => onShow(record)}>
                {record.selector}
              </button>
            ) : (
              record.selector
            )}{' '}
            {describe(record)}
          </code>
          {onRemove && (
            <button
              type="button"
              className="link"
              data-action="remove-change"
              aria-label={t('actions.remove')}
              onClick={() => onRemove(index)}
            >
              ×
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
