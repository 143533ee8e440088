import { render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { sessionUser } from '@/testing/render-app';
import { SocialLoginInfo } from './SocialLoginInfo';

const renderBox = (overrides: Parameters<typeof sessionUser>[0]) =>
  render(
    <MantineProvider>
      <SocialLoginInfo user={sessionUser(overrides)} />
    </MantineProvider>,
  );

describe('home social-login info box', () => {
  it('names the provider and says the social account is signed in, never the raw ids (issue 25 item 8)', () => {
    renderBox({ provider: 'kakao', socialId: '3141592653', userId: 'kakao_3141592653', isSocialLogin: true });
    const box = screen.getByRole('alert');
    expect(within(box).getByText('소셜 계정으로 로그인했어요')).toBeInTheDocument();
    expect(within(box).getByText('로그인 제공자').nextSibling).toHaveTextContent('카카오');
    expect(within(box).getByText('계정').nextSibling).toHaveTextContent('소셜 계정으로 로그인 중');
    expect(box).not.toHaveTextContent('3141592653');
  });

  it('is not shown without a provider or a social id (spec: only when one of them is there)', () => {
    renderBox({ provider: null, socialId: null, isSocialLogin: true, userId: 'legacy-user' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a provider without a social id shows "없음" for it', () => {
    renderBox({ provider: 'google', socialId: null, isSocialLogin: true });
    expect(screen.getByText('계정').nextSibling).toHaveTextContent('없음');
  });

  it('a social id without a provider shows "알 수 없음" for the provider', () => {
    renderBox({ provider: null, socialId: 'x-9', isSocialLogin: true });
    expect(screen.getByText('로그인 제공자').nextSibling).toHaveTextContent('알 수 없음');
  });
});
