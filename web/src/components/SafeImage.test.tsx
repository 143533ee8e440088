import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import SafeImage from './SafeImage';

const show = (src: string | null) => (
  <MantineProvider>
    <SafeImage src={src} alt="보리 사진" fallback={<p>사진이 없습니다.</p>} />
  </MantineProvider>
);

describe('SafeImage', () => {
  it('shows the photo while it loads', () => {
    render(show('/uploads/a.jpg'));
    expect(screen.getByRole('img', { name: '보리 사진' })).toHaveAttribute('src', '/uploads/a.jpg');
    expect(screen.queryByText('사진이 없습니다.')).not.toBeInTheDocument();
  });

  it('shows the missing-photo placeholder when there is no photo', () => {
    render(show(null));
    expect(screen.getByText('사진이 없습니다.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('swaps a photo that fails to load for the same placeholder, and tries a new photo again', () => {
    const { rerender } = render(show('/uploads/gone.jpg'));
    fireEvent.error(screen.getByRole('img', { name: '보리 사진' }));
    expect(screen.getByText('사진이 없습니다.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    rerender(show('/uploads/new.jpg'));
    expect(screen.getByRole('img', { name: '보리 사진' })).toHaveAttribute('src', '/uploads/new.jpg');
  });
});
