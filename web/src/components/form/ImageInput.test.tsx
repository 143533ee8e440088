import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { LIMITS } from '@pawbridge/shared';
import ImageInput, { checkImageContent, checkImageFile } from './ImageInput';

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
// A real 1×1 PNG, padded to the wanted size: the picker reads the first bytes.
const PNG_1PX = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);
const png = (bytes = PNG_1PX.length, name = 'dog.png') => {
  const data = new Uint8Array(Math.max(bytes, PNG_1PX.length));
  data.set(PNG_1PX);
  return new File([data], name, { type: 'image/png' });
};
const renamedText = () => new File(['오늘 산책 기록: 한강공원 3km'], 'notes.jpg', { type: 'image/jpeg' });

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

  it('accepts only the supported image types in the picker and is reachable by its label', () => {
    const { container } = render(<Harness />);
    expect(fileInput(container)).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/gif');
    expect(screen.getByLabelText('사진')).toBeInTheDocument();
  });

  it('shows a preview of a valid image and hands the file to the form', async () => {
    const onChange = vi.fn();
    const { container } = render(<Harness onChange={onChange} />);
    await userEvent.upload(fileInput(container), png());
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'dog.png' })));
    expect(screen.getByRole('img', { name: '선택한 사진 미리보기' })).toHaveAttribute('src', 'blob:preview-1');
  });

  it('rejects a non-image with the spec message and passes null', async () => {
    const onChange = vi.fn();
    const { container } = render(<Harness onChange={onChange} />);
    fireEvent.change(fileInput(container), { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await screen.findByText('이미지 파일만 업로드할 수 있습니다')).toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('reads the first bytes: a text file renamed .jpg gets the spec message on the field, no preview', async () => {
    const onChange = vi.fn();
    const { container } = render(<Harness onChange={onChange} />);
    fireEvent.change(fileInput(container), { target: { files: [renamedText()] } });
    expect(await screen.findByText('이미지 파일만 업로드할 수 있습니다')).toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(onChange).not.toHaveBeenCalledWith(expect.objectContaining({ name: 'notes.jpg' }));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByLabelText('사진')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the placeholder instead of a broken preview when the browser cannot draw the photo', async () => {
    const { container } = render(<Harness />);
    await userEvent.upload(fileInput(container), png());
    fireEvent.error(await screen.findByRole('img', { name: '선택한 사진 미리보기' }));
    expect(screen.getByText('미리보기를 표시할 수 없습니다')).toBeInTheDocument();
  });

  it('rejects an image over 5 MB and accepts exactly 5 MB', async () => {
    const onChange = vi.fn();
    const { container } = render(<Harness onChange={onChange} />);
    await userEvent.upload(fileInput(container), png(LIMITS.imageMaxBytes + 1, 'big.png'));
    expect(await screen.findByText('파일 크기는 5MB 이하여야 합니다')).toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith(null);
    await userEvent.upload(fileInput(container), png(LIMITS.imageMaxBytes, 'ok.png'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'ok.png' })));
    expect(screen.queryByText('파일 크기는 5MB 이하여야 합니다')).not.toBeInTheDocument();
  });

  it('revokes the previous preview URL when the photo changes', async () => {
    const { container } = render(<Harness />);
    await userEvent.upload(fileInput(container), png(10, 'a.png'));
    await screen.findByRole('img');
    await userEvent.upload(fileInput(container), png(10, 'b.png'));
    await waitFor(() => expect(screen.getByRole('img')).toHaveAttribute('src', 'blob:preview-2'));
    expect(revoked).toContain('blob:preview-1');
  });

  it('shows the form error when the picker has none of its own', () => {
    render(<Harness error="유기견 사진은 필수입니다" />);
    expect(screen.getByText('유기견 사진은 필수입니다')).toBeInTheDocument();
  });

  it('checkImageFile applies the same quick rules; checkImageContent also reads the bytes', async () => {
    expect(checkImageFile(png())).toBeNull();
    expect(checkImageFile(new File(['x'], 'a.pdf', { type: 'application/pdf' }))).toBe('이미지 파일만 업로드할 수 있습니다');
    expect(await checkImageContent(png())).toBeNull();
    expect(
      await checkImageContent(
        new File([Uint8Array.of(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0)], 'a.jpg', { type: 'image/jpeg' }),
      ),
    ).toBeNull();
    expect(await checkImageContent(renamedText())).toBe('이미지 파일만 업로드할 수 있습니다');
    // A supported name and type around an unsupported picture format (BMP) is refused as the server would.
    expect(
      await checkImageContent(
        new File([Uint8Array.of(0x42, 0x4d, 0x3a, 0, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0, 0x28, 0)], 'a.png', { type: 'image/png' }),
      ),
    ).toBe('이미지 파일만 업로드할 수 있습니다');
  });
});
