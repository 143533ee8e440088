import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { resetTestApp } from '@/testing/render-app';
import { AppNotifications } from './AppNotifications';
import { confirm, notifyError } from './notify';

afterEach(resetTestApp);

describe('notifyError', () => {
  it('shows the reason alone, without a generic "an error occurred" heading', async () => {
    render(
      <MantineProvider>
        <AppNotifications />
      </MantineProvider>,
    );
    notifyError('사진 파일이 너무 커요. 10MB 이하로 골라 주세요.');
    expect(await screen.findByText('사진 파일이 너무 커요. 10MB 이하로 골라 주세요.')).toBeInTheDocument();
    expect(screen.queryByText('오류가 발생했습니다.')).not.toBeInTheDocument();
  });

  it('keeps a heading a caller really gives', async () => {
    render(
      <MantineProvider>
        <AppNotifications />
      </MantineProvider>,
    );
    notifyError('파일을 다시 골라 주세요.', '사진을 올리지 못했어요');
    expect(await screen.findByText('사진을 올리지 못했어요')).toBeInTheDocument();
  });
});

describe('confirm', () => {
  it('names the dialog close button (axe button-name) and answers false when closed', async () => {
    render(
      <MantineProvider>
        <ModalsProvider>
          <p>화면</p>
        </ModalsProvider>
      </MantineProvider>,
    );
    const answer = confirm({ title: '후원 확인', body: '10,000원을 후원할까요?' });
    await userEvent.click(await screen.findByRole('button', { name: '닫기' }));
    expect(await answer).toBe(false);
  });
});
