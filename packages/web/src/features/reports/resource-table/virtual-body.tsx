import type { ReportRow } from '@charter/domain';
import { VIRTUAL_TABLE_HEIGHT, VIRTUAL_TABLE_OVERSCAN } from '@charter/domain';
import { Table } from '@mantine/core';
import { observeElementRect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useRef } from 'react';

const ROW_HEIGHT = 40;

/**
 * A long table's body drawn a window at a time (spec 3 §9: over 399 rows, 500 px high, 20 rows of
 * overscan): spacer rows above and below keep the scroll height of the whole.
 */
export function VirtualBody({
  header,
  rows,
  renderRow,
  columns,
}: {
  header: ReactNode;
  rows: readonly ReportRow[];
  renderRow: (row: ReportRow) => ReactNode;
  columns: number;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: VIRTUAL_TABLE_OVERSCAN,
    // The box is a fixed 500 px: where layout is not measured (tests, a hidden tab) that is its height.
    observeElementRect: (instance: Virtualizer<HTMLDivElement, Element>, callback) =>
      observeElementRect(instance, (rect) =>
        callback(rect.height > 0 ? rect : { width: rect.width, height: VIRTUAL_TABLE_HEIGHT }),
      ),
  });
  const items = virtualizer.getVirtualItems();
  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <div ref={scroller} style={{ height: VIRTUAL_TABLE_HEIGHT, overflow: 'auto' }} data-virtualized="true">
      <Table striped highlightOnHover stickyHeader>
        <Table.Thead>{header}</Table.Thead>
        <Table.Tbody>
          {top > 0 && (
            <tr aria-hidden style={{ height: top }}>
              <td colSpan={columns} />
            </tr>
          )}
          {items.map((item) => renderRow(rows[item.index]))}
          {bottom > 0 && (
            <tr aria-hidden style={{ height: bottom }}>
              <td colSpan={columns} />
            </tr>
          )}
        </Table.Tbody>
      </Table>
    </div>
  );
}
