import { Group, Pagination, Select, Text } from '@mantine/core';
import { type DataTablePaging, DEFAULT_PAGE_SIZES } from './data-table-types';

/** Under the table: which rows are shown, the page size and the pages. */
export function DataTablePagination({
  page,
  pageSize,
  total,
  onPageChange,
  onPageSizeChange,
  pageSizes = DEFAULT_PAGE_SIZES,
}: DataTablePaging) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <Group justify="space-between" gap="sm" px="sm" py={6} wrap="wrap">
      <Group gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed" aria-live="polite" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {first}–{last} of {total}
        </Text>
        <Select
          size="xs"
          w={110}
          aria-label="Rows per page"
          data={pageSizes.map((size) => ({ value: String(size), label: `${size} / page` }))}
          value={String(pageSize)}
          onChange={(value) => value && onPageSizeChange(Number(value))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      <Pagination
        size="sm"
        total={pages}
        value={Math.min(page, pages)}
        onChange={onPageChange}
        hideWithOnePage
        // First and last page buttons whenever there are pages to move between, whatever their number.
        withEdges
        getControlProps={(control) => ({ 'aria-label': `${control} page` })}
      />
    </Group>
  );
}
