import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders `children` once its place comes near the viewport (within `margin`), a box of `minHeight` until
 * then: a lazily loaded section below the fold costs a visitor's first load nothing (bench/budget.json),
 * and the reserved height keeps what follows from moving when it arrives. Without IntersectionObserver it
 * renders at once.
 */
export default function LoadWhenNear({
  children,
  minHeight,
  margin = '300px',
}: {
  children: ReactNode;
  minHeight: number;
  margin?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near) return undefined;
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near, margin]);
  return near ? <>{children}</> : <div ref={ref} style={{ minHeight }} aria-hidden />;
}
