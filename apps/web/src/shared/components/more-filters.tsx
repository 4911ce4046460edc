import { useState, type ReactNode } from 'react';
import { Button, Grid } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export interface MoreFiltersProps {
  /** How many of the hidden filters are set: the button says so while they are folded away. */
  active: number;
  children: ReactNode;
  testId: string;
}

/**
 * The less used filters of a list screen: in the row on a wide screen; on a phone behind one button,
 * so the list is not a screen away below seven fields.
 */
export function MoreFilters({ active, children, testId }: MoreFiltersProps) {
  const { t } = useTranslation('common');
  const phone = Grid.useBreakpoint().md === false;
  const [open, setOpen] = useState(false);
  if (!phone) return <>{children}</>;
  return (
    <>
      <Button
        icon={<FilterOutlined />}
        type={active > 0 ? 'primary' : 'default'}
        ghost={active > 0}
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        data-testid={testId}
      >
        {open ? t('filters.less') : t('filters.more', { count: active })}
      </Button>
      {open && children}
    </>
  );
}
