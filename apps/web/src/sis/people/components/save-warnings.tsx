import { Alert, List } from '@mantine/core';
import { humanize } from '../../../components/history-list';

/** What the server noted on a save that went through (a shared e-mail, …). */
export function SaveWarnings({ warnings }: { warnings: Readonly<Record<string, string>> }) {
  const entries = Object.entries(warnings);
  if (entries.length === 0) return null;
  return (
    <Alert color="orange.9" variant="light" role="status" title="Saved, with a note">
      <List size="sm">
        {entries.map(([field, text]) => (
          <List.Item key={field}>
            {humanize(field)}: {text}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
