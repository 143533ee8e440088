import { act, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { notifyError, notifyInfo, notifySuccess } from './notify';

afterEach(() => notifications.clean());

describe('toasts', () => {
  it.each([
    ['success', notifySuccess],
    ['error', notifyError],
    ['info', notifyInfo],
  ])('a %s toast has a close button with a name', async (_kind, show) => {
    render(
      <MantineProvider>
        <Notifications />
      </MantineProvider>,
    );
    act(() => {
      show('저장했습니다');
    });
    await screen.findByText('저장했습니다');
    expect(screen.getByRole('button', { name: '닫기' })).toBeInTheDocument();
  });
});
