import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SWRConfig } from 'swr';
import { z } from 'zod';
import { mockApi, Providers, resetTestApp } from '@/testing/render-app';
import { usePagedList } from './use-paged-list';

const Names = z.array(z.object({ name: z.string() }));

function List() {
  const { items, total } = usePagedList('/api/test/names', Names);
  if (!items) return <p>loading</p>;
  return <p>{`${items.map((i) => i.name).join(',') || 'none'} of ${total}`}</p>;
}

// The app's own deduping window (the test providers turn it off), as a member moving between screens has it.
const Screen = ({ shown }: { shown: boolean }) => (
  <SWRConfig value={{ dedupingInterval: 2000 }}>{shown ? <List /> : <p>elsewhere</p>}</SWRConfig>
);

afterEach(() => resetTestApp());

describe('usePagedList', () => {
  it('reads a list again when it is shown again, not its cached pages (a dog registered meanwhile shows)', async () => {
    let names: string[] = [];
    const api = mockApi({
      'GET /api/test/names': () => ({ body: names.map((name) => ({ name })), headers: { 'X-Total-Count': String(names.length) } }),
    });
    // One cache for the whole test, as in the app: the list leaves the screen and comes back.
    const view = render(<Screen shown />, { wrapper: Providers });
    await screen.findByText('none of 0');
    view.rerender(<Screen shown={false} />);
    await screen.findByText('elsewhere');

    names = ['초코'];
    view.rerender(<Screen shown />);
    await screen.findByText('초코 of 1');
    expect(api.callsTo('GET', '/api/test/names').map((c) => Object.fromEntries(c.query))).toEqual([
      { page: '1', size: '20' },
      { page: '1', size: '20' },
    ]);
  });
});
