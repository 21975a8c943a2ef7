import { Badge } from '@mantine/core';

/** Open (green) or closed (grey), in the area's words. */
export function StatusBadge({ open, label }: { open: boolean; label: string }) {
  return (
    <Badge variant="light" color={open ? 'green' : 'gray'}>
      {label}
    </Badge>
  );
}

/** A key's uses against its limit: `3 / 20`, or `3 / unlimited` in the area's words. */
export function usesText(uses: number, maxUses: number | null, unlimited: string): string {
  return `${uses} / ${maxUses ?? unlimited}`;
}
