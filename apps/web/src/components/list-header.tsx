import type { ReactNode } from 'react';
import { Group, Select, Title, type SelectProps } from '@mantine/core';
import { HALF_WIDTH } from '../lib/list-state';
import { ListSearch } from './list-search';

type ListHeaderProps = {
  title: ReactNode;
  /** 1 for a list page, 2 for a list within a page. */
  level?: 1 | 2;
  /** What acts on the whole list: export, new, import… */
  children?: ReactNode;
};

/** A list's title, with what acts on the whole list at its end. */
export function ListHeader({ title, level = 1, children }: ListHeaderProps) {
  return (
    <Group justify="space-between" align="center">
      <Title order={level} fz={level === 1 ? 'h2' : 'h3'}>
        {title}
      </Title>
      <Group gap="xs">{children}</Group>
    </Group>
  );
}

type ListFiltersProps = {
  /** The search of the address. */
  q: string;
  onSearch: (q: string) => void;
  placeholder: string;
  /** The filters beside the search. */
  children?: ReactNode;
};

/** A list's search box and its filters, side by side, wrapping on narrow screens. */
export function ListFilters({ q, onSearch, placeholder, children }: ListFiltersProps) {
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <ListSearch value={q} onSearch={onSearch} placeholder={placeholder} />
      {children}
    </Group>
  );
}

type FilterSelectProps = Omit<SelectProps, 'value' | 'clearable' | 'w'> & {
  /** Absent: all. */
  value: string | null | undefined;
  /** Its width from a large phone up; on a small phone, half the row. */
  width: number;
};

/** One filter of a list: one value, or all once cleared. */
export function FilterSelect({ value, width, ...props }: FilterSelectProps) {
  return <Select value={value ?? null} clearable w={{ base: HALF_WIDTH, xs: width }} {...props} />;
}
