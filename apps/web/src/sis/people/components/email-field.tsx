import { TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { PersonKind } from '@lantern/contracts/people';
import { useEmailInUse } from '../api/check-email-in-use';

type EmailFieldProps = {
  kind: PersonKind;
  /** The record being edited, which does not count as another user of the address. */
  exceptId: number | null;
  value: string;
  registration: UseFormRegisterReturn;
  error: string | undefined;
};

/** The e-mail, with a warning while typing when others use it already. E-mails may be shared
 * (students at a CLC often share one), so the warning never stops the save. */
export function EmailField({ kind, exceptId, value, registration, error }: EmailFieldProps) {
  const [email] = useDebouncedValue(value.trim().toLowerCase(), 400);
  const inUse = useEmailInUse({ kind, email, exceptId });
  const warning = !error && inUse.data?.warning ? inUse.data.warning : null;
  return (
    <TextInput
      label="E-mail"
      type="email"
      autoComplete="off"
      error={error}
      description={warning}
      styles={warning ? { description: { color: 'var(--mantine-color-orange-9)' } } : undefined}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      {...registration}
    />
  );
}
