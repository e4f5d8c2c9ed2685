import type { ChangeRecord } from '@tabula/protocol';
import { useTranslation } from 'react-i18next';

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
    if (record.type !== 'move')
      return `${t(`fields.${record.key}`, { defaultValue: record.key })}: ${shortened(record.value)}`;
    if (record.moveType === 'reorder') {
      return t('changes.reorder', { insertOrder: t(`changes.${record.insertOrder}`), target: record.targetSelector });
    }
    return t('changes.anywhere', { x: record.x, y: record.y });
  };
  return (
    <ul className="changes">
      {records.map((record, index) => (
        // Records of one version are told apart by what they set and where: the list never holds two alike.
        <li key={`${record.selector}:${record.type}:${record.key}:${record.moveType ?? ''}`} data-change={index}>
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
