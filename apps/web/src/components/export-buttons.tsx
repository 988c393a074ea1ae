import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { displayError } from '../lib/errors';
import { notifyFailure, outcomeTexts } from '../lib/notify';

const EXPORT_TEXTS = outcomeTexts('Export ready', 'The export failed');

export type ExportFormat = 'csv' | 'xlsx';

/** Export of the list as it is filtered now; the file comes through the api client. */
export function ExportButtons({ onExport }: { onExport: (format: ExportFormat) => Promise<void> }) {
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const run = async (format: ExportFormat) => {
    setBusy(format);
    try {
      await onExport(format);
    } catch (error) {
      notifyFailure('export', displayError(error), EXPORT_TEXTS);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap="xs">
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          variant="default"
          size="xs"
          loading={busy === format}
          disabled={busy !== null && busy !== format}
          onClick={() => void run(format)}
        >
          Export {format.toUpperCase()}
        </Button>
      ))}
    </Group>
  );
}
