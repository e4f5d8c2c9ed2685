import { describe, expect, it } from 'vitest';
import { columnSortOrder, fromTableChange, offsetPagination } from './offset-paging';
import { readOffsetQuery, toSearchParams } from './url-params';

const SORTS = ['name', 'createdAt'] as const;

describe('list kit', () => {
  it('keeps a server-paged query in the address, leaving out defaults and what it does not understand', () => {
    const params = new URLSearchParams('search=buy&sort=color&order=asc&offset=-20');
    expect(readOffsetQuery(params, SORTS)).toEqual({ search: 'buy', sort: undefined, order: 'asc', offset: undefined });
    expect(
      toSearchParams({ search: 'buy', status: 'all', offset: 40, kind: undefined }, { status: 'all' }).toString(),
    ).toBe('search=buy&offset=40');
  });

  it('turns header clicks and pages into the query, a third click unsorting', () => {
    expect(fromTableChange({ current: 3 }, { columnKey: 'name', order: 'ascend' }, SORTS, 20)).toEqual({
      sort: 'name',
      order: 'asc',
      offset: 40,
    });
    expect(fromTableChange({ current: 1 }, { columnKey: 'name', order: undefined }, SORTS, 20)).toEqual({
      sort: undefined,
      order: undefined,
      offset: undefined,
    });
    expect(fromTableChange({ current: 1 }, { columnKey: 'owner', order: 'descend' }, SORTS, 20).sort).toBeUndefined();
  });

  it('marks the sorted column, the default one when the address names none', () => {
    const fallback = { sort: 'createdAt', order: 'desc' } as const;
    expect(columnSortOrder({}, 'createdAt', fallback)).toBe('descend');
    expect(columnSortOrder({ sort: 'name', order: 'asc' }, 'name', fallback)).toBe('ascend');
    expect(columnSortOrder({ sort: 'name' }, 'createdAt', fallback)).toBeNull();
    expect(offsetPagination(40, 20, 95)).toMatchObject({ current: 3, pageSize: 20, total: 95 });
  });
});
