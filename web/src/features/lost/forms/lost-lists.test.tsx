import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { mockApi, renderRoutes, resetTestApp, sessionUser, type MockRoute } from '@/testing/render-app';
import HomeLostStrip from './HomeLostStrip';
import MyLostPostsTab from './MyLostPostsTab';
import { lostConfig, summary } from './lost-forms.testing';

function render(element: React.ReactNode, routes: Record<string, MockRoute>, on = true) {
  const api = mockApi({
    'GET /api/users/check-session': { body: sessionUser() },
    'GET /api/config': { body: lostConfig(on) },
    ...routes,
  });
  renderRoutes([{ path: '/', element }], '/');
  return api;
}

describe('my page 실종·목격 tab', () => {
  afterEach(() => resetTestApp());

  it("lists the member's own posts with kind, status and a link to each", async () => {
    render(<MyLostPostsTab />, {
      'GET /api/lost/my-posts': {
        body: [
          summary(),
          summary({ id: 8, kind: 'SEEN', name: null, breed: '말티즈', status: 'OPEN' }),
          summary({ id: 9, status: 'REUNITED' }),
        ],
        headers: { 'x-total-count': '3' },
      },
    });
    const list = await screen.findByRole('list', { name: '내 실종·목격 글' });
    expect(list.querySelectorAll('li')).toHaveLength(3);
    expect(screen.getAllByRole('link', { name: '초코' })[0]).toHaveAttribute('href', '/lost/7');
    expect(screen.getByRole('link', { name: '말티즈' })).toHaveAttribute('href', '/lost/8');
    expect(screen.getByText('찾는 중')).toBeInTheDocument();
    expect(screen.getByText('진행 중')).toBeInTheDocument();
    expect(screen.getByText('찾았어요')).toBeInTheDocument();
    expect(screen.getByText('목격')).toBeInTheDocument();
  });

  it('says when there is nothing yet, with the ways to write', async () => {
    render(<MyLostPostsTab />, { 'GET /api/lost/my-posts': { body: [], headers: { 'x-total-count': '0' } } });
    expect(await screen.findByText('아직 올린 실종·목격 글이 없어요.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '실종 신고하기' })).toHaveAttribute('href', '/lost/new/missing');
  });
});

describe('home lost strip', () => {
  afterEach(() => resetTestApp());

  it('shows the newest open 실종 신고 and this month’s reunions', async () => {
    const api = render(<HomeLostStrip />, {
      'GET /api/lost/posts': { body: [summary(), summary({ id: 11, name: '보리', reward: null })] },
      'GET /api/lost/stats': { body: { reunitedThisMonth: 4, openMissing: 12, flagsWaiting: null } },
    });
    expect(await screen.findByText('이번 달 4마리가 가족을 다시 만났어요')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /초코/ })).toHaveAttribute('href', '/lost/7');
    expect(screen.getByRole('link', { name: /보리/ })).toHaveAttribute('href', '/lost/11');
    expect(screen.getByText('사례금 300,000원')).toBeInTheDocument();
    const query = api.callsTo('GET', '/api/lost/posts')[0]?.query;
    expect(query?.get('kind')).toBe('MISSING');
    expect(query?.get('status')).toBe('OPEN');
  });

  it('leaves out the reunion line while the month has none', async () => {
    render(<HomeLostStrip />, {
      'GET /api/lost/posts': { body: [summary()] },
      'GET /api/lost/stats': { body: { reunitedThisMonth: 0, openMissing: 1, flagsWaiting: null } },
    });
    await screen.findByRole('link', { name: /초코/ });
    expect(screen.queryByText(/이번 달 \d+마리가/)).not.toBeInTheDocument();
  });

  it('is not there on the legacy (and asks nothing)', async () => {
    const api = render(<HomeLostStrip />, {}, false);
    await waitFor(() => expect(api.callsTo('GET', '/api/config')).toHaveLength(1));
    expect(screen.queryByText('가족을 찾고 있어요')).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/lost/stats')).toHaveLength(0);
  });
});
