import { Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { useTypedSearch } from '#shared/use-typed-search.ts';

/** The search box above a flow table (its text is the list's search, typed then sent). */
export function FlowSearch(props: {
  search: ReturnType<typeof useTypedSearch>;
  label: string;
  testId: string;
}) {
  return (
    <Input
      className="flow-network"
      allowClear
      prefix={<SearchOutlined />}
      placeholder={props.label}
      aria-label={props.label}
      {...props.search}
      data-testid={props.testId}
    />
  );
}
