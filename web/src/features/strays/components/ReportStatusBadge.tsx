import { Badge } from '@mantine/core';
import type { Stray } from '@pawbridge/shared';
import { reportStatusLook } from '@/components/stray-status';

/** Colour plus words, so the state never depends on colour alone. */
export default function ReportStatusBadge({ stray }: { stray: Pick<Stray, 'status' | 'reportStatus'> }) {
  const { label, color } = reportStatusLook(stray);
  return (
    <Badge color={color} variant="light" radius="sm" style={{ flexShrink: 0 }}>
      {label}
    </Badge>
  );
}
