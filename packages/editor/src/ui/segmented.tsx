interface SegmentedProps<T extends string> {
  options: readonly T[];
  value: T;
  label(option: T): string;
  onChange(option: T): void;
  /** Names the buttons for tests and styles: `data-<name>="<option>"`. */
  name: string;
  disabled?: boolean;
}

/** A choice of a few options shown side by side, the chosen one pressed. */
export function Segmented<T extends string>({ options, value, label, onChange, name, disabled }: SegmentedProps<T>) {
  return (
    <fieldset className="segmented">
      {options.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={option === value}
          disabled={disabled}
          {...{ [`data-${name}`]: option }}
          onClick={() => onChange(option)}
        >
          {label(option)}
        </button>
      ))}
    </fieldset>
  );
}
