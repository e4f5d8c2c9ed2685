import type { SelectProps } from 'antd';

/**
 * Gives each dropdown option the test id `${prefix}-${value}`. Only the dropdown gets them, not the chosen
 * value shown in the box, so an id always names exactly one element.
 */
export function optionTestIds(prefix: string): NonNullable<SelectProps['optionRender']> {
  return (option) => <span data-testid={`${prefix}-${String(option.value)}`}>{option.label}</span>;
}
