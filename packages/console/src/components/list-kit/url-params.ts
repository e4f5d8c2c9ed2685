/** Reading a list's state back from the address: anything not understood is left undefined, for the default. */
export const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined;

export function positiveInt(value: string | null): number | undefined {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : undefined;
}

/**
 * The address of a list's state: empty values and those equal to their default are left out, so the plain list has
 * a plain address.
 */
export function toSearchParams<S extends object>(state: S, defaults: Partial<Record<keyof S, unknown>> = {}) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(state)) {
    if (value !== undefined && value !== '' && value !== defaults[name as keyof S]) params.set(name, String(value));
  }
  return params;
}

/** What every server-paged list keeps in the address: its search, order and the offset of its page. */
export const readOffsetQuery = <Sort extends string>(params: URLSearchParams, sorts: readonly Sort[]) => ({
  search: params.get('search') || undefined,
  sort: oneOf(sorts, params.get('sort')),
  order: oneOf(['asc', 'desc'] as const, params.get('order')),
  offset: positiveInt(params.get('offset')),
});
