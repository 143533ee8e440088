import { useState, type ReactNode } from 'react';
import { Image, type ImageProps } from '@mantine/core';

export interface SafeImageProps extends Omit<ImageProps, 'src' | 'onError'> {
  src: string | null | undefined;
  alt: string;
  /** What a missing photo shows; a photo that fails to load shows the same. */
  fallback: ReactNode;
}

/**
 * An image that never shows the browser's broken-image icon and alt text:
 * when the photo is missing or fails to load (deleted upload, offline), the
 * screen's "no photo" placeholder takes its place.
 */
export default function SafeImage({ src, fallback, ...props }: SafeImageProps) {
  // Keyed by URL: a new photo gets its own chance to load.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) return <>{fallback}</>;
  return <Image src={src} onError={() => setFailedSrc(src)} {...props} />;
}
