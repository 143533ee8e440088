import { act, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeToastsFromEarlierScreens, notifyError, notifyInfo, notifySuccess, TOAST_CARRY_MS } from './notify';

afterEach(() => notifications.clean());

const host = () =>
  render(
    <MantineProvider>
      <Notifications />
    </MantineProvider>,
  );

describe('toasts', () => {
  it.each([
    ['success', notifySuccess],
    ['error', notifyError],
    ['info', notifyInfo],
  ])('a %s toast has a close button with a name', async (_kind, show) => {
    host();
    act(() => {
      show('저장했습니다');
    });
    await screen.findByText('저장했습니다');
    expect(screen.getByRole('button', { name: '닫기' })).toBeInTheDocument();
  });

  it('says one event once: the same words while they are up make no second toast (issue 25 item 6)', async () => {
    host();
    act(() => {
      notifySuccess('반려견이 등록되었습니다');
      notifySuccess('반려견이 등록되었습니다');
      notifyError('반려견이 등록되었습니다');
    });
    await screen.findAllByText('반려견이 등록되었습니다');
    // The success once, and the error (another colour: another event) once.
    expect(screen.getAllByText('반려견이 등록되었습니다')).toHaveLength(2);
  });

  it('a change of screen closes what was said before it, not what the action that changed it said (issue 25 item 6)', async () => {
    host();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-05-01T10:00:00Z'));
      act(() => {
        notifyInfo('앞 화면에서 한 말');
      });
      await screen.findByText('앞 화면에서 한 말');
      // A while later an action says its outcome and moves to another screen.
      vi.setSystemTime(new Date(Date.parse('2026-05-01T10:00:00Z') + TOAST_CARRY_MS + 5000));
      act(() => {
        notifySuccess('게시글을 삭제했습니다');
        closeToastsFromEarlierScreens();
      });
      await waitFor(() => expect(screen.queryByText('앞 화면에서 한 말')).not.toBeInTheDocument());
      expect(screen.getByText('게시글을 삭제했습니다')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
