import { lazy, Suspense } from 'react';
import { useDisclosure, useHotkeys } from '@mantine/hooks';
import { useHasBeenTrue } from '../../lib/use-has-been-true';

/* The modal and the picker (radios, the roles request) load with the first Ctrl+Q. */
const RolePickerDialog = lazy(() =>
  import('./role-picker-dialog').then((m) => ({ default: m.RolePickerDialog })),
);

/** Ctrl+Q anywhere opens the role picker (spec §2), also from inside a text field. */
export function RolePickerModal() {
  const [opened, { open, close }] = useDisclosure(false);
  const isWanted = useHasBeenTrue(opened);
  useHotkeys([['ctrl+Q', open]], []);
  if (!isWanted) return null;
  return (
    <Suspense fallback={null}>
      <RolePickerDialog opened={opened} onClose={close} />
    </Suspense>
  );
}
