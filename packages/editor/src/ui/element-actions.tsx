import { INSERT_KINDS, INSERT_POSITIONS, type InsertKind, type InsertPosition } from '@tabula/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface ElementActionsProps {
  disabled: boolean;
  onChange(kind: 'hide' | 'remove'): void;
  onInsert(kind: InsertKind, position: InsertPosition): void;
}

/** What is done to the selected element as a whole: hide it, remove it, or insert a new element beside or inside it. */
export function ElementActions({ disabled, onChange, onInsert }: ElementActionsProps) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<InsertKind>('text');
  const [position, setPosition] = useState<InsertPosition>('after');
  return (
    <section data-area="element-actions">
      <div className="row">
        <button type="button" data-action="hide" disabled={disabled} onClick={() => onChange('hide')}>
          {t('element.hide')}
        </button>
        <button type="button" data-action="remove-element" disabled={disabled} onClick={() => onChange('remove')}>
          {t('element.remove')}
        </button>
      </div>
      <h2>{t('insert.title')}</h2>
      {/* Each choice under its own label, so a label never wraps away from what it names. */}
      <div className="grid">
        <label>
          <span>{t('insert.kind')}</span>
          <select
            data-field="insert-kind"
            value={kind}
            disabled={disabled}
            onChange={(event) => setKind(event.target.value as InsertKind)}
          >
            {INSERT_KINDS.map((option) => (
              <option key={option} value={option}>
                {t(`insert.kinds.${option}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('insert.position')}</span>
          <select
            data-field="insert-position"
            value={position}
            disabled={disabled}
            onChange={(event) => setPosition(event.target.value as InsertPosition)}
          >
            {INSERT_POSITIONS.map((option) => (
              <option key={option} value={option}>
                {t(`insert.positions.${option}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <button type="button" data-action="insert" disabled={disabled} onClick={() => onInsert(kind, position)}>
        {t('insert.add')}
      </button>
    </section>
  );
}
