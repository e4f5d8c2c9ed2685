import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ElementType } from '../selection/element-type';
import { useDraft } from './use-draft';

interface SelectionPanelProps {
  tagName: string;
  elementType: ElementType;
  selector: string;
  /** How many elements were chosen to change together (shift-click adds more). */
  chosen: number;
  /** How many elements of the page the selector finds: the change reaches each of them. */
  matches: number;
  /** Whether the selector finds exactly the chosen elements. */
  exact: boolean;
  canGoUp: boolean;
  canGoDown: boolean;
  onParent(): void;
  onChild(): void;
  /** Takes a typed selector; answers the problem with it, if any. */
  onSelector(selector: string): string | null;
}

/** The selected element: its type and tag, its selector (editable), and moving the selection up or down the page. */
export function SelectionPanel(props: SelectionPanelProps) {
  const { t } = useTranslation();
  const id = useId();
  const { text, setText, error, setError } = useDraft(props.selector);
  const commit = () => {
    if (text.trim() !== props.selector) setError(props.onSelector(text.trim()));
  };
  return (
    <section data-area="selection">
      <h2>{t('selection.title')}</h2>
      <div className="row">
        <span>
          {t('selection.type')}:{' '}
          <strong data-element-type={props.elementType}>{t(`elementTypes.${props.elementType}`)}</strong>
        </span>
        <span className="muted">
          {t('selection.tag')}: {props.tagName.toLowerCase()}
        </span>
      </div>
      <label htmlFor={id}>
        <span>{t('selection.selector')}</span>
        <input
          id={id}
          data-field="selector"
          aria-invalid={error !== null}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => event.key === 'Enter' && commit()}
        />
      </label>
      {error && (
        <div className="error" role="alert">
          {error}
        </div>
      )}
      {props.chosen > 1 && (
        <div className="muted" data-chosen={props.chosen}>
          {t('selection.chosen', { count: props.chosen })}
        </div>
      )}
      <div className={props.exact ? 'muted' : 'notice warning'} data-selector-matches={props.matches}>
        {t('selection.matches', { count: props.matches })}
        {!props.exact && ` ${t('selection.notExact')}`}
      </div>
      <div className="row">
        <button type="button" data-action="parent" disabled={!props.canGoUp} onClick={props.onParent}>
          ↑ {t('actions.parent')}
        </button>
        <button type="button" data-action="child" disabled={!props.canGoDown} onClick={props.onChild}>
          ↓ {t('actions.child')}
        </button>
      </div>
    </section>
  );
}
