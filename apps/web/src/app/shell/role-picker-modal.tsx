import { Modal } from '@mantine/core';
import { useDisclosure, useHotkeys } from '@mantine/hooks';
import { RolePicker } from '../../features/profile/components/role-picker';

/** Ctrl+Q anywhere opens the role picker (spec §2), also from inside a text field. */
export function RolePickerModal() {
  const [opened, { open, close }] = useDisclosure(false);
  useHotkeys([['ctrl+Q', open]], []);
  return (
    <Modal opened={opened} onClose={close} title="Choose your role" size="sm">
      {opened ? <RolePicker onChanged={close} autoFocus /> : null}
    </Modal>
  );
}
