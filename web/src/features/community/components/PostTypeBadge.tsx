import { Badge } from '@mantine/core';
import type { PostType } from '@pawbridge/shared';
import { TYPE_COLORS, typeLabel } from '../format';

export default function PostTypeBadge({ type }: { type: PostType }) {
  return (
    <Badge color={TYPE_COLORS[type]} variant="light" radius="sm" style={{ flexShrink: 0 }}>
      {typeLabel(type)}
    </Badge>
  );
}
