import { Flex, Input } from 'antd';
import type { ReactNode } from 'react';

/** The row of search and filters above a list; it wraps on narrow screens. */
export function ListFilterBar({ children }: { children: ReactNode }) {
  return (
    <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
      {children}
    </Flex>
  );
}

interface ListSearchProps {
  value: string | undefined;
  /** The trimmed text, undefined when cleared. */
  onSearch: (search: string | undefined) => void;
  placeholder: string;
  testId: string;
  width?: number;
}

export function ListSearch({ value, onSearch, placeholder, testId, width = 280 }: ListSearchProps) {
  return (
    <Input.Search
      // Follows the address when it changes elsewhere (back, a shared link).
      key={value ?? ''}
      allowClear
      defaultValue={value}
      placeholder={placeholder}
      aria-label={placeholder}
      onSearch={(search) => onSearch(search.trim() || undefined)}
      style={{ width, maxWidth: '100%' }}
      data-testid={testId}
    />
  );
}
