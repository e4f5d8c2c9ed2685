import { Table, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { EmptyState } from '../empty-state';

interface ListTableProps<T> extends Omit<TableProps<T>, 'rowKey' | 'scroll' | 'locale'> {
  testId: string;
  /** Whether a search or filter narrows the list: its emptiness then means "no matches", not "nothing yet". */
  filtered?: boolean;
  empty: { title: ReactNode; description: ReactNode; action?: ReactNode };
  noMatches?: { title: ReactNode; description: ReactNode };
}

/**
 * The table of a list page. Wide tables scroll inside their own box, so a phone never scrolls the page sideways.
 */
export function ListTable<T extends { id: string }>({
  testId,
  filtered = false,
  empty,
  noMatches,
  ...table
}: ListTableProps<T>) {
  const shown = filtered && noMatches ? noMatches : empty;
  return (
    <Table<T>
      rowKey="id"
      scroll={{ x: 'max-content' }}
      data-testid={testId}
      locale={{ emptyText: <EmptyState {...shown} /> }}
      {...table}
    />
  );
}
