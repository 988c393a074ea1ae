import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { Transfer } from '@lantern/contracts/bachelor-credits';
import { convertedGradeText, sourceGradeText } from '../credits-labels';
import { counted } from '../../../lib/plural';

/** The source of a transfer beside the grade it becomes here, and what converted it. */
export function TransferSideBySide({ transfer }: { transfer: Transfer }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
      <Stack gap={0}>
        <Text size="xs" c="gray.8">
          From {transfer.kind === 'internal' ? 'another Lantern programme' : 'another institution'}
        </Text>
        <Text size="sm">
          {transfer.source ?? '—'}: {transfer.sourceCourse ?? '—'}
        </Text>
        <Text size="sm" fw={600}>
          {sourceGradeText(transfer)}
        </Text>
      </Stack>
      <Stack gap={0}>
        <Text size="xs" c="gray.8">
          Here: {transfer.courseCode} {transfer.courseTitle} · {counted(transfer.credits, 'credit')}
        </Text>
        <Text size="sm" fw={600}>
          {convertedGradeText(transfer)}
        </Text>
      </Stack>
    </SimpleGrid>
  );
}
