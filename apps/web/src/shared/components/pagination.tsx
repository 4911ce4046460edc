import { Pagination as AntPagination, type PaginationProps as AntPaginationProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LIMIT, PAGE_SIZES } from '@netconsole/contract';

export interface PaginationProps {
  total: number;
  page: number;
  limit?: number;
  /** Emits the page to show and the page size; a new page size starts again at page 1. */
  onChange: (page: number, limit: number) => void;
  disabled?: boolean;
}

/** spec §2: page sizes 10/20/30/50, default 10; total, sizes, prev, pager, next and jumper. */
export function paginationProps(
  { total, page, limit = DEFAULT_LIMIT, onChange, disabled }: PaginationProps,
  showTotal: (total: number) => string,
): AntPaginationProps {
  return {
    total,
    current: page,
    pageSize: limit,
    pageSizeOptions: PAGE_SIZES.map(String),
    showSizeChanger: true,
    showQuickJumper: true,
    showTotal,
    disabled,
    onChange: (nextPage, nextLimit) => onChange(nextLimit === limit ? nextPage : 1, nextLimit),
  };
}

export function Pagination(props: PaginationProps) {
  const { t } = useTranslation('common');
  return (
    <AntPagination
      data-testid="pagination"
      {...paginationProps(props, (total) => t('pagination.total', { total }))}
    />
  );
}
