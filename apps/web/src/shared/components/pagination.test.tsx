// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import common from '../locales/en.json';
import { stubMatchMedia } from '../test/match-media.ts';
import { Pagination, paginationProps } from './pagination.tsx';

const showTotal = (total: number) => `Total ${total}`;

describe('paginationProps', () => {
  it('offers the spec page sizes with every control, 10 by default', () => {
    const props = paginationProps({ total: 95, page: 1, onChange: () => undefined }, showTotal);
    expect(props).toEqual(
      expect.objectContaining({
        total: 95,
        current: 1,
        pageSize: 10,
        pageSizeOptions: ['10', '20', '30', '50'],
        showSizeChanger: true,
        showQuickJumper: true,
      }),
    );
    expect(props.showTotal?.(95, [1, 10])).toBe('Total 95');
  });

  it('emits the page and the limit', () => {
    const onChange = vi.fn();
    const props = paginationProps({ total: 95, page: 1, limit: 20, onChange }, showTotal);
    props.onChange?.(3, 20);
    expect(onChange).toHaveBeenLastCalledWith(3, 20);
  });

  it('starts again at page 1 when the page size changes', () => {
    const onChange = vi.fn();
    const props = paginationProps({ total: 95, page: 4, limit: 10, onChange }, showTotal);
    props.onChange?.(2, 50);
    expect(onChange).toHaveBeenLastCalledWith(1, 50);
  });
});

describe('<Pagination>', () => {
  beforeAll(async () => {
    stubMatchMedia();
    await i18next
      .use(initReactI18next)
      .init({ lng: 'en', resources: { en: { common } }, defaultNS: 'common' });
  });
  afterEach(cleanup);

  it('renders the total, the pager and the jumper, and emits on a page click', () => {
    const onChange = vi.fn();
    render(<Pagination total={87} page={1} onChange={onChange} />);
    expect(screen.getByText('Total 87 items')).toBeTruthy();
    expect(screen.getByTitle('9')).toBeTruthy();
    expect(document.querySelector('.ant-pagination-options-quick-jumper input')).not.toBeNull();
    fireEvent.click(screen.getByTitle('3'));
    expect(onChange).toHaveBeenCalledWith(3, 10);
  });
});
