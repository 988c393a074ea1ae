import { Button, Menu } from '@mantine/core';
import { MAIL_PLACEHOLDERS, type MailPlaceholder } from '@lantern/contracts/automatic-mail';

/** A menu of the placeholders a mail may hold; picking one inserts `{{name}}`. */
export function PlaceholderPicker({
  onPick,
  disabled,
}: {
  onPick: (name: MailPlaceholder) => void;
  disabled?: boolean | undefined;
}) {
  return (
    // The form puts the focus back in the field the placeholder went into, not on this button.
    <Menu shadow="md" position="bottom-start" withinPortal returnFocus={false}>
      <Menu.Target>
        <Button size="xs" variant="default" disabled={disabled}>
          Insert placeholder
        </Button>
      </Menu.Target>
      <Menu.Dropdown mah={320} style={{ overflowY: 'auto' }}>
        {MAIL_PLACEHOLDERS.map((name) => (
          <Menu.Item
            key={name}
            onClick={() => {
              onPick(name);
            }}
            ff="monospace"
            fz="sm"
          >
            {`{{${name}}}`}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
