import { describe, expect, it } from 'vitest';
import { readListState, toListQuery, withFilter, writeListState } from './list-state';

describe('flags list state', () => {
  it('reads the plain address as the active flags by key, first page', () => {
    const state = readListState(new URLSearchParams());
    expect(state).toEqual({ status: 'active', sort: 'key', order: 'asc', page: 1, pageSize: 20 });
    expect(writeListState(state).toString()).toBe('');
  });

  it('keeps every filter through the address', () => {
    const state = readListState(
      new URLSearchParams(
        'search=checkout&tag=payments&type=json&status=archived&environment=production&enabled=off&sort=updatedAt&order=desc&page=3&pageSize=50',
      ),
    );
    expect(state).toEqual({
      search: 'checkout',
      tag: 'payments',
      type: 'json',
      status: 'archived',
      environment: 'production',
      enabled: false,
      sort: 'updatedAt',
      order: 'desc',
      page: 3,
      pageSize: 50,
    });
    expect(readListState(writeListState(state))).toEqual(state);
    expect(toListQuery(state)).toMatchObject({ environment: 'production', enabled: false, limit: 50, offset: 100 });
  });

  it('ignores what it does not understand, and on/off without an environment', () => {
    const state = readListState(new URLSearchParams('type=xml&status=gone&sort=color&page=-2&pageSize=7&enabled=on'));
    expect(state).toEqual({ status: 'active', sort: 'key', order: 'asc', page: 1, pageSize: 20 });
    expect(toListQuery(state).enabled).toBeUndefined();
  });

  it('goes back to the first page when a filter changes', () => {
    const state = readListState(new URLSearchParams('page=4'));
    expect(withFilter(state, { tag: 'beta' })).toMatchObject({ tag: 'beta', page: 1 });
  });
});
