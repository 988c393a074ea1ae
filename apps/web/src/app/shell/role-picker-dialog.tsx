import { Modal } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { RolePicker } from '../../account/profile/components/role-picker';

/** The role picker in a modal (Ctrl+Q); its chunk loads with the first Ctrl+Q. */
export function RolePickerDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  // Mounted by the first Ctrl+Q, it renders closed once so that it opens as it does later.
  const isMounted = useMounted();
  const isOpen = opened && isMounted;
  return (
    <Modal opened={isOpen} onClose={onClose} title="Choose your role" size="sm">
      {isOpen ? <RolePicker onChanged={onClose} autoFocus /> : null}
    </Modal>
  );
}
