import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it, vi } from 'vitest';
import AdoptSearch from './AdoptSearch';
import classes from './AdoptSearch.module.css';

const renderSearch = (initial: Parameters<typeof AdoptSearch>[0]['initial'] = null) => {
  const onSearch = vi.fn();
  const view = render(
    <MantineProvider>
      <AdoptSearch initial={initial} onSearch={onSearch} searching={false} withShelters={false} />
    </MantineProvider>,
  );
  return { onSearch, container: view.container };
};

// jsdom applies no media queries: which part a phone sees is the CSS module's rule (checked in the
// 390 px journey); here the structure that rule relies on and the behaviour of each part.
describe('adopt search (issue 25 item 6: folded on phones; issue 26: a plain GET form)', () => {
  it('is a GET form to /adopt whose fields carry the criteria names, filled from the address', () => {
    renderSearch({ location: '공원', region: '서울특별시' });
    const form = screen.getByRole('search', { name: '유기견 찾기' });
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/adopt');
    expect(screen.getByLabelText('발견 장소')).toHaveAttribute('name', 'location');
    expect(screen.getByLabelText('발견 장소')).toHaveValue('공원');
    expect(screen.getByLabelText('발견 날짜')).toHaveAttribute('name', 'foundDate');
    expect(screen.getByLabelText('발견 시간')).toHaveAttribute('name', 'foundTime');
  });

  it('the 필터 toggle is a checkbox before the bar and the form (the CSS opens the form when it is checked)', async () => {
    const { container } = renderSearch();
    const toggle = screen.getByRole('checkbox', { name: '필터' });
    expect(toggle).toHaveClass(classes.toggle!);
    const form = screen.getByRole('search', { name: '유기견 찾기' });
    expect(form).toHaveClass(classes.form!);
    const bar = container.querySelector(`.${classes.phoneBar}`);
    expect(bar).not.toBeNull();
    // Both follow the toggle as siblings: `.toggle:checked ~ .form` reaches them.
    expect(toggle.parentElement).toBe(form.parentElement);
    expect(toggle.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(toggle.compareDocumentPosition(bar!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The visible 필터 buttons are labels of the toggle: tapping one opens (or closes) the form, with or without JavaScript.
    const openers = container.querySelectorAll(`label[for="${toggle.id}"]`);
    expect(openers).toHaveLength(2);
    await userEvent.click(openers[0] as HTMLElement);
    expect(toggle).toBeChecked();
  });

  it('a search closes the fold and shows the criteria in use as chips, each removable (a link without JavaScript)', async () => {
    const { onSearch } = renderSearch();
    await userEvent.click(screen.getByRole('checkbox', { name: '필터' }));
    await userEvent.type(screen.getByLabelText('발견 장소'), '공원');
    await userEvent.type(screen.getByLabelText('발견 날짜'), '2026-05-01');
    await userEvent.click(screen.getByRole('button', { name: '검색' }));
    expect(onSearch).toHaveBeenLastCalledWith({ foundDate: '2026-05-01', location: '공원' });
    expect(screen.getByRole('checkbox', { name: '필터 2개 적용 중' })).not.toBeChecked();

    const chips = within(screen.getByRole('list', { name: '적용한 필터' }));
    const place = chips.getByRole('link', { name: '필터 빼기: 발견 장소 공원' });
    expect(place).toHaveAttribute('href', '/adopt?foundDate=2026-05-01');
    await userEvent.click(place);
    expect(onSearch).toHaveBeenLastCalledWith({ foundDate: '2026-05-01' });
    await userEvent.click(screen.getByRole('link', { name: '필터 빼기: 발견 날짜 2026-05-01' }));
    expect(onSearch).toHaveBeenLastCalledWith(null);
    expect(screen.queryByRole('list', { name: '적용한 필터' })).not.toBeInTheDocument();
  });
});
