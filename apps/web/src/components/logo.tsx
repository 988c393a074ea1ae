import { Group, Text } from '@mantine/core';

/** The Lantern mark and name; decorative mark, the name is the text. */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <Group gap={8} wrap="nowrap">
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect x="11" y="2" width="10" height="4" rx="1.5" fill="#0f3a6a" />
        <path d="M8 8h16l-2 18H10z" fill="#174b85" />
        <path d="M12.5 12h7l-1.2 10h-4.6z" fill="#f6c445" />
        <rect x="7" y="26" width="18" height="4" rx="1.5" fill="#0f3a6a" />
      </svg>
      <Text component="span" fw={700} fz="lg" c="lantern.9" lh={1}>
        Lantern
      </Text>
    </Group>
  );
}
