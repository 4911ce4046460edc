import type { HTMLAttributes, ReactNode } from 'react';
import { Table, type TableColumnsType } from 'antd';
import type { FlowOrder } from '@netconsole/contract';
import { Pagination } from '#shared/components/pagination.tsx';

/** The server's order of a ranking: one of its sort keys, and the direction. */
export interface RankOrder<S extends string> {
  Sort: S;
  Order: FlowOrder;
}

export interface FlowTableProps<T extends { _id: string }, S extends string> {
  columns: TableColumnsType<T>;
  /** Columns whose key is one of these sort the list on the server. */
  sorts: readonly S[];
  order: RankOrder<S>;
  onOrder: (order: RankOrder<S>) => void;
  rows: readonly T[] | undefined;
  count: number;
  loading: boolean;
  page: number;
  limit: number;
  onPage: (page: number, limit: number) => void;
  empty: ReactNode;
  rowTestId: (row: T) => string;
  testId: string;
  /** A clicked row (a client's history). */
  onRowClick?: (row: T) => void;
  selectedId?: string;
}

/**
 * A ranking's page: sortable columns ask the server for its order (a ranking is over every row,
 * not the page), the shared pager below. Each click on a sorted column flips its direction; a
 * ranking is never unsorted.
 */
export function FlowTable<T extends { _id: string }, S extends string>(props: FlowTableProps<T, S>) {
  const { order, sorts } = props;
  const columns = props.columns.map((column) => {
    const key = column.key as S;
    if (!sorts.includes(key)) return column;
    return {
      ...column,
      sorter: true,
      sortDirections: ['descend', 'ascend', 'descend'] as ('descend' | 'ascend')[],
      sortOrder: order.Sort === key ? (order.Order === 'desc' ? 'descend' : 'ascend') : null,
    } as typeof column;
  });
  return (
    <>
      <div className="flow-table">
        <Table<T>
          rowKey="_id"
          size="middle"
          columns={columns}
          dataSource={props.rows ? [...props.rows] : []}
          loading={props.loading}
          pagination={false}
          showSorterTooltip={false}
          locale={{ emptyText: props.empty }}
          rowClassName={(row) => (row._id === props.selectedId ? 'ant-table-row-selected' : '')}
          onRow={(row) =>
            ({
              'data-testid': props.rowTestId(row),
              ...(props.onRowClick
                ? { onClick: () => props.onRowClick?.(row), style: { cursor: 'pointer' } }
                : {}),
            }) as HTMLAttributes<HTMLElement>
          }
          onChange={(_p, _f, sorter) => {
            const one = Array.isArray(sorter) ? sorter[0] : sorter;
            const key = one?.columnKey as S | undefined;
            if (!key || !sorts.includes(key)) return;
            // A third click would clear antd's order: the ranking flips back to descending instead.
            props.onOrder({ Sort: key, Order: one?.order === 'ascend' ? 'asc' : 'desc' });
          }}
          data-testid={props.testId}
        />
      </div>
      <div className="flow-pagination">
        <Pagination total={props.count} page={props.page} limit={props.limit} onChange={props.onPage} />
      </div>
    </>
  );
}
