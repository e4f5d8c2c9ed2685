import {
  type ChangeRecord,
  type EditorSession,
  PAGE_CHANGE_TYPES,
  type PageChangeType,
  pageChangesOf,
} from '@tabula/protocol';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface PageChangesPanelProps {
  records: readonly ChangeRecord[];
  disabled: boolean;
  customScripts: EditorSession['customScripts'];
  onChange(type: PageChangeType, value: string): void;
}

/**
 * What the version changes on the whole page: a style sheet, a redirect to another address (split URL), and custom
 * JavaScript where the project allows it (written by admins only; others see it read-only).
 */
export function PageChangesPanel({ records, disabled, customScripts, onChange }: PageChangesPanelProps) {
  const { t } = useTranslation();
  const id = useId();
  const saved = pageChangesOf(records);
  const [texts, setTexts] = useState(() => ({ css: '', script: '', redirect: '', ...saved }));
  const shown = PAGE_CHANGE_TYPES.filter((type) => type !== 'script' || customScripts.enabled || saved.script);
  return (
    <section data-area="page-changes">
      <h2>{t('pageChanges.title')}</h2>
      {shown.map((type) => {
        const locked = disabled || (type === 'script' && !customScripts.canWrite);
        const common = {
          id: `${id}-${type}`,
          'data-field': `page-${type}`,
          value: texts[type],
          disabled: locked,
          onChange: (event: { target: { value: string } }) => setTexts({ ...texts, [type]: event.target.value }),
          onBlur: () => texts[type] !== (saved[type] ?? '') && onChange(type, texts[type]),
        };
        return (
          <label key={type} htmlFor={common.id}>
            <span>{t(`pageChanges.${type}`)}</span>
            {type === 'redirect' ? (
              <input {...common} type="url" placeholder="https://…" />
            ) : (
              <textarea {...common} rows={4} spellCheck={false} />
            )}
            <small className="muted">{t(`pageChanges.${type}Hint`)}</small>
            {type === 'script' && !customScripts.canWrite && (
              <small className="muted">{t('pageChanges.scriptAdminsOnly')}</small>
            )}
          </label>
        );
      })}
    </section>
  );
}
