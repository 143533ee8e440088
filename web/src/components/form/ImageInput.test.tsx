import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { LIMITS } from '@pawbridge/shared';
import ImageInput, { checkImageFile } from './ImageInput';

function Harness({ onChange, error }: { onChange?: (f: File | null) => void; error?: string }) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <MantineProvider>
      <ImageInput
        label="사진"
        value={file}
        error={error}
        onChange={(f) => {
          setFile(f);
          onChange?.(f);
        }}
      />
    </MantineProvider>
  );
}

const fileInput = (container: HTMLElement) => container.querySelector('input[type="file"]') as HTMLInputElement;
const png = (bytes = 10, name = 'dog.png') => new File([new Uint8Array(bytes)], name, { type: 'image/png' });

describe('ImageInput', () => {
  let created: number;
  const revoked: string[] = [];
  beforeEach(() => {
    created = 0;
    revoked.length = 0;
    URL.createObjectURL = vi.fn(() => `blob:preview-${++created}`);
    URL.revokeObjectURL = vi.fn((u: string) => void revoked.push(u));
  });
  afterEach(() => vi.restoreAllMocks());

  it('accepts only images in the picker and is reachable by its label', () => {
    const { container } = render(<Harness />);
    expect(fileInput(container)).toHaveAttribute('accept', 'image/*');
    expect(screen.getByLabelText('사진')).toBeInTheDocument();
  });

  it('shows a preview of a valid image and hands the file to the form', async () => {
    const onChange = vi.fn();
    const { container } = render(<Harness onChange={onChange} />);
    await userEvent.upload(fileInput(container), png());
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'dog.png' }));
    expect(screen.getByRole('img', { name: '선택한 사진 미리보기' })).toHaveAttribute('src', 'blob:preview-1');
  });

  it('rejects a non-image with the spec message and passes null', () => {
    const onChange = vi.fn();
    const { container } = render(<Harness onChange={onChange} />);
    fireEvent.change(fileInput(container), { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(screen.getByText('이미지 파일만 업로드할 수 있습니다')).toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('rejects an image over 5 MB and accepts exactly 5 MB', async () => {
    const onChange = vi.fn();
    const { container } = render(<Harness onChange={onChange} />);
    await userEvent.upload(fileInput(container), png(LIMITS.imageMaxBytes + 1, 'big.png'));
    expect(screen.getByText('파일 크기는 5MB 이하여야 합니다')).toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith(null);
    await userEvent.upload(fileInput(container), png(LIMITS.imageMaxBytes, 'ok.png'));
    expect(screen.queryByText('파일 크기는 5MB 이하여야 합니다')).not.toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'ok.png' }));
  });

  it('revokes the previous preview URL when the photo changes', async () => {
    const { container } = render(<Harness />);
    await userEvent.upload(fileInput(container), png(10, 'a.png'));
    await userEvent.upload(fileInput(container), png(10, 'b.png'));
    expect(revoked).toContain('blob:preview-1');
    expect(screen.getByRole('img')).toHaveAttribute('src', 'blob:preview-2');
  });

  it('shows the form error when the picker has none of its own', () => {
    render(<Harness error="유기견 사진은 필수입니다" />);
    expect(screen.getByText('유기견 사진은 필수입니다')).toBeInTheDocument();
  });

  it('checkImageFile applies the same rules', () => {
    expect(checkImageFile(png())).toBeNull();
    expect(checkImageFile(new File(['x'], 'a.pdf', { type: 'application/pdf' }))).toBe('이미지 파일만 업로드할 수 있습니다');
  });
});
