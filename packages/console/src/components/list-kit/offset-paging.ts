import type { TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';

/** What the server's list endpoints take: a sort column and order, and an offset of whole pages. */
export interface OffsetListQuery<Sort extends string> {
  sort?: Sort;
  order?: 'asc' | 'desc';
  offset?: number;
}

/** The column's arrow, when the list is sorted by it (`fallback` when the address names no sort). */
export const columnSortOrder = <Sort extends string>(
  query: OffsetListQuery<Sort>,
  column: Sort,
  fallback: { sort: Sort; order: 'asc' | 'desc' },
) =>
  (query.sort ?? fallback.sort) === column
    ? (query.order ?? fallback.order) === 'asc'
      ? ('ascend' as const)
      : ('descend' as const)
    : null;

/** The paging of a list whose page starts at an offset; one page hides its pager. */
export const offsetPagination = (offset: number | undefined, limit: number, total: number): TablePaginationConfig => ({
  current: Math.floor((offset ?? 0) / limit) + 1,
  pageSize: limit,
  total,
  showSizeChanger: false,
  hideOnSinglePage: true,
});

/** A click on a column header or the pager, as the query the list asks the server for; a third click unsorts. */
export function fromTableChange<Sort extends string, Row>(
  pagination: TablePaginationConfig,
  sorter: SorterResult<Row> | SorterResult<Row>[],
  sorts: readonly Sort[],
  limit: number,
): OffsetListQuery<Sort> {
  const single = Array.isArray(sorter) ? sorter[0] : sorter;
  const column = sorts.find((sort) => sort === single?.columnKey);
  const sorted = single?.order && column;
  return {
    sort: sorted ? column : undefined,
    order: sorted ? (single.order === 'ascend' ? 'asc' : 'desc') : undefined,
    offset: ((pagination.current ?? 1) - 1) * limit || undefined,
  };
}
