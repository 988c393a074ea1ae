import { useState } from 'react';
import { Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  CHECK_FIELD_LABELS,
  type CheckField,
  type DataCheckItem,
} from '@lantern/contracts/data-checks';
import { DialogActions } from '../../../components/dialog-actions';
import { ModalForm } from '../../../components/modal-form';
import { StaleVersionAlert } from '../../../components/stale-version-alert';
import { isApiError } from '../../../lib/api-errors';
import { useEnumeration } from '../../../lib/enumerations';
import { displayError } from '../../../lib/errors';
import { CLOSE_LABEL } from '../../../lib/a11y';
import { useFixPerson } from '../api/fix-person';

export type FieldToFix = { person: DataCheckItem; field: CheckField };

type FixFieldDialogProps = {
  target: FieldToFix | null;
  onClose: () => void;
  onReload: () => void;
};

/** Edits the offending field of one person; the server checks it with the texts of spec §5. */
export function FixFieldDialog({ target, onClose, onReload }: FixFieldDialogProps) {
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      closeButtonProps={CLOSE_LABEL}
      title={target ? `Fix ${CHECK_FIELD_LABELS[target.field].toLowerCase()}` : ''}
    >
      {target ? (
        <FixFieldForm
          key={`${target.person.id}-${target.field}`}
          target={target}
          onClose={onClose}
          onReload={onReload}
        />
      ) : null}
    </Modal>
  );
}

function FixFieldForm({ target, onClose, onReload }: FixFieldDialogProps & { target: FieldToFix }) {
  const { person, field } = target;
  const [value, setValue] = useState<string>(person[field] ?? '');
  const fix = useFixPerson();
  const employeeTypes = useEnumeration('employeeTypes');
  const error = fix.error;
  const fieldError = isApiError(error) ? error.fields[field] : undefined;
  const stale = isApiError(error) && error.status === 409;
  const label = CHECK_FIELD_LABELS[field];
  return (
    <ModalForm
      onSubmit={() =>
        fix.mutate({ id: person.id, version: person.version, field, value }, { onSuccess: onClose })
      }
    >
      <Stack gap="sm">
        <Text size="sm">
          {person.firstName} {person.lastName} (JWL-ID {person.id})
        </Text>
        {field === 'employeeType' ? (
          <Select
            label={label}
            data={employeeTypes}
            value={value || null}
            onChange={(v) => {
              setValue(v ?? '');
            }}
            error={fieldError}
            data-autofocus
          />
        ) : (
          <TextInput
            label={label}
            type={field === 'birthDate' ? 'date' : 'text'}
            value={value}
            onChange={(event) => {
              setValue(event.currentTarget.value);
            }}
            error={fieldError}
            data-autofocus
          />
        )}
        {stale ? <StaleVersionAlert detail={displayError(error)} onReload={onReload} /> : null}
        <DialogActions
          backLabel="Cancel"
          onBack={onClose}
          label="Save"
          isBusy={fix.isPending}
          failure={error && !fieldError && !stale ? displayError(error) : null}
        />
      </Stack>
    </ModalForm>
  );
}
