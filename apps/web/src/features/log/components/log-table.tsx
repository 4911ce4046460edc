import { useState, type Dispatch, type HTMLAttributes, type ReactNode, type SetStateAction } from 'react';
import { Grid, Table, type TableColumnsType, type TableProps } from 'antd';
import { Pagination } from '#shared/components/pagination.tsx';
import { formatDateTime } from '#shared/format.ts';

/** A column of a log list. */
export type LogColumn<T> = TableColumnsType<T>[number];

/** The first column of every log: when it happened (on the device, or when the call was made). */
export function timeColumn<T extends { ActiveTime: number }>(title: string): LogColumn<T> {
  return {
    key: 'time',
    title,
    render: (_, e) => <span className="log-nowrap">{formatDateTime(e.ActiveTime)}</span>,
  };
}

/**
 * A view under the page's own filters (time range, network, device) shows their first page when
 * they change: the page hands a new object per change.
 */
export function useFirstPageOn<P extends { page: number }>(
  filters: object,
  setParams: Dispatch<SetStateAction<P>>,
): void {
  const [seen, setSeen] = useState(filters);
  if (seen !== filters) {
    setSeen(filters);
    setParams((p) => ({ ...p, page: 1 }));
  }
}

export interface LogTableProps<T extends { _id: string }> {
  /** A wide screen's columns. */
  columns: TableColumnsType<T>;
  /** A phone's: an entry read as one block beside its outcome or state. */
  phoneColumns: TableColumnsType<T>;
  /** The list's query: one page of rows and the count of all. */
  list: { data?: { list: T[]; count: number }; isFetching: boolean };
  page: number;
  limit: number;
  /** Emits the page to show and the page size (as the shared Pagination does). */
  onPage: (page: number, limit: number) => void;
  /** What an empty list says (with its test id). */
  empty: ReactNode;
  /** The `data-` attributes tests find a row by. */
  rowData: (row: T) => Record<`data-${string}`, string | number | null>;
  /** The ticked rows, where a list has them (device entries: handled or new again). */
  rowSelection?: TableProps<T>['rowSelection'];
}

/**
 * A log's page of rows and its pager: the table keeps its rows while the next page loads and
 * spins only before the first; the server pages (a row's place never moves on the client).
 */
export function LogTable<T extends { _id: string }>(props: LogTableProps<T>) {
  const phone = Grid.useBreakpoint().md === false;
  const { list } = props;
  return (
    <>
      <div className="log-table">
        <Table<T>
          rowKey="_id"
          size="middle"
          columns={phone ? props.phoneColumns : props.columns}
          dataSource={list.data?.list ?? []}
          loading={list.isFetching && !list.data}
          pagination={false}
          rowSelection={props.rowSelection}
          locale={{ emptyText: props.empty }}
          onRow={(row) => props.rowData(row) as HTMLAttributes<HTMLElement>}
        />
      </div>
      <div className="log-pagination">
        <Pagination
          total={list.data?.count ?? 0}
          page={props.page}
          limit={props.limit}
          onChange={props.onPage}
        />
      </div>
    </>
  );
}
