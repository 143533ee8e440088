import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AdoptSearch from './AdoptSearch';

const realMatchMedia = window.matchMedia;
/** A phone: every max-width query matches, min-width ones do not. */
function asPhone() {
  window.matchMedia = ((query: string) => ({
    matches: /max-width/.test(query),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}
afterEach(() => {
  window.matchMedia = realMatchMedia;
});

const renderSearch = () => {
  const onSearch = vi.fn();
  render(
    <MantineProvider>
      <AdoptSearch onSearch={onSearch} searching={false} withShelters={false} />
    </MantineProvider>,
  );
  return onSearch;
};

describe('adopt search on a phone (issue 25 item 6)', () => {
  it('folds behind a 필터 button; the criteria in use show as chips, each removable', async () => {
    asPhone();
    const onSearch = renderSearch();
    // Folded: no form fields take the first screen.
    expect(screen.queryByLabelText('발견 장소')).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: '필터' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    await userEvent.type(screen.getByLabelText('발견 장소'), '공원');
    await userEvent.type(screen.getByLabelText('발견 날짜'), '2026-05-01');
    await userEvent.click(screen.getByRole('button', { name: '검색' }));
    expect(onSearch).toHaveBeenLastCalledWith({ foundDate: '2026-05-01', location: '공원' });

    // Folded again, with the two criteria as chips and the count on the button.
    expect(screen.queryByLabelText('발견 장소')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '필터 2개 적용 중' })).toBeInTheDocument();
    const chips = within(screen.getByRole('list', { name: '적용한 필터' }));
    await userEvent.click(chips.getByRole('button', { name: '필터 빼기: 발견 장소 공원' }));
    expect(onSearch).toHaveBeenLastCalledWith({ foundDate: '2026-05-01' });
    expect(screen.queryByRole('button', { name: /발견 장소 공원/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '필터 빼기: 발견 날짜 2026-05-01' }));
    expect(onSearch).toHaveBeenLastCalledWith(null);
    expect(screen.queryByRole('list', { name: '적용한 필터' })).not.toBeInTheDocument();
  });

  it('stays open as a form on a wide screen', () => {
    renderSearch();
    expect(screen.getByLabelText('발견 장소')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '필터' })).not.toBeInTheDocument();
  });
});
