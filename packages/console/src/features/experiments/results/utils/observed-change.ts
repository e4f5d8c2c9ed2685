/** The raw difference of a version's value from control's, before any adjustment or test. */
export function observedChange(
  control: number | null,
  value: number | null,
): { absolute: number | null; relative: number | null } {
  if (control === null || value === null) return { absolute: null, relative: null };
  return { absolute: value - control, relative: control === 0 ? null : value / control - 1 };
}
