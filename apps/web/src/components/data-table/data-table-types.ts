import type { MantineBreakpoint } from '@mantine/core';
import type { ReactNode } from 'react';

export type SortDir = 'asc' | 'desc';

/** One column of a data table. */
export interface DataTableColumn<T> {
  /** Unique within the table. */
  key: string;
  header: string;
  /** The list's sort key for this column; without one the column does not sort. */
  sortKey?: string;
  /** Fixed width (px or CSS); the other columns share what is left. */
  width?: number | string;
  align?: 'left' | 'right' | 'center';
  /** Shown only from this screen width up (the column gives way on narrower screens). */
  visibleFrom?: MantineBreakpoint;
  /** A class of the column's header and cells (a column that gives way below a width of its own, say). */
  className?: string;
  cell: (row: T) => ReactNode;
}

export interface DataTableSort {
  by: string;
  dir: SortDir;
  onChange: (by: string, dir: SortDir) => void;
}

export interface DataTableSelection {
  selected: readonly string[];
  onChange: (selected: string[]) => void;
}

export interface DataTablePaging {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  pageSizes?: readonly number[];
}

export const DEFAULT_PAGE_SIZES = [25, 50, 100] as const;
