import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toHexColor } from '../properties/colors';
import type { PropertyField } from '../properties/fields';
import { useDraft } from './use-draft';

/** What a length field takes, shown while it is empty: the same in every language. */
const LENGTH_EXAMPLE = '1.5 · 24px · 1.2em · 150%';

interface PropertyInputProps {
  field: PropertyField;
  /** The value as the page or this version's change has it. */
  value: string;
  disabled: boolean;
  /** Takes the new text; answers the problem with it, if any, for the field to show. */
  onCommit(text: string): string | null;
}

/**
 * One property's field. Text is committed when it is left or Enter is pressed (one change per edit, not per
 * keystroke); choices and colours at once.
 */
export function PropertyInput({ field, value, disabled, onCommit }: PropertyInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const { text, setText, error, setError } = useDraft(value);

  const commit = (next = text) => {
    if (next === value && error === null) return;
    setError(onCommit(next));
  };
  const common = {
    id,
    disabled,
    'data-field': field.key,
    'aria-invalid': error !== null,
    onBlur: () => commit(),
  };
  const onEnter = (event: React.KeyboardEvent) => {
    if (event.key === 'Enter' && !(event.nativeEvent as KeyboardEvent).isComposing) commit();
  };
  const { input } = field;

  let control: React.ReactNode;
  switch (input.kind) {
    case 'select':
      control = (
        <select
          {...common}
          value={input.options.includes(text) ? text : ''}
          onChange={(event) => {
            setText(event.target.value);
            commit(event.target.value);
          }}
        >
          <option value="">—</option>
          {input.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      );
      break;
    case 'longText':
      control = <textarea {...common} value={text} onChange={(event) => setText(event.target.value)} />;
      break;
    case 'color': {
      // A colour a picker cannot hold (transparent, a keyword, a gradient) shows as a checkerboard, never as black.
      const hex = toHexColor(text);
      control = (
        <span className="colour">
          <input
            type="color"
            disabled={disabled}
            aria-label={t(`fields.${field.key}`)}
            data-transparent={hex === null ? '' : undefined}
            value={hex ?? '#ffffff'}
            onChange={(event) => {
              setText(event.target.value);
              commit(event.target.value);
            }}
          />
          <input {...common} value={text} onChange={(event) => setText(event.target.value)} onKeyDown={onEnter} />
        </span>
      );
      break;
    }
    default:
      control = (
        <input
          {...common}
          inputMode={input.kind === 'integer' ? 'numeric' : input.kind === 'float' ? 'decimal' : undefined}
          value={text}
          placeholder={'unit' in input ? input.unit : input.kind === 'length' ? LENGTH_EXAMPLE : undefined}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onEnter}
        />
      );
  }
  return (
    <label htmlFor={id}>
      <span>{t(`fields.${field.key}`)}</span>
      {control}
      {error && (
        <div className="error" role="alert">
          {error}
        </div>
      )}
    </label>
  );
}
