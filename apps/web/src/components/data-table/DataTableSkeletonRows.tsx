import { Skeleton, Table } from '@mantine/core';

interface DataTableSkeletonRowsProps {
  rows: number;
  columns: number;
}

const WIDTHS = ['72%', '54%', '86%', '64%', '40%'];

/** Placeholder rows of the table's height while its first page loads. */
export function DataTableSkeletonRows({ rows, columns }: DataTableSkeletonRowsProps) {
  return (
    <>
      {Array.from({ length: rows }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key on
        <Table.Tr key={row} aria-hidden="true">
          {Array.from({ length: columns }, (_, column) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have nothing else to key on
            <Table.Td key={column}>
              <Skeleton height={10} radius="sm" width={WIDTHS[(row + column) % WIDTHS.length]} my={5} />
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </>
  );
}
