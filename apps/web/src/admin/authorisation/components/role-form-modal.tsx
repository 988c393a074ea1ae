import { useState } from 'react';
import { Modal, Stack, TextInput } from '@mantine/core';
import { Select } from '../../../components/select';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  ROLE_SCOPE_LABELS,
  roleCreateSchema,
  roleKeySchema,
  type Role,
} from '@lantern/contracts/authorisation';
import { requiredText } from '@lantern/contracts/common';
import { ROLE_SCOPES } from '@lantern/contracts/roles';
import { DialogActions } from '../../../components/dialog-actions';
import { ModalForm } from '../../../components/modal-form';
import { CLOSE_LABEL } from '../../../lib/a11y';
import { displayError } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form-errors';
import {
  notifyFailure,
  notifyInvalid,
  notifySuccess,
  outcomeTexts,
  UPDATE_TEXTS,
} from '../../../lib/notify';
import { useCreateRole } from '../api/create-role';
import { useUpdateRole } from '../api/update-role';

const formSchema = z.object({
  key: roleKeySchema,
  label: requiredText(100),
  scope: roleCreateSchema.shape.scope,
});
type Values = z.input<typeof formSchema>;
type Output = z.output<typeof formSchema>;

const EMPTY: Values = { key: '', label: '', scope: 'own_clcs' };
const SCOPE_OPTIONS = ROLE_SCOPES.map((s) => ({ value: s, label: ROLE_SCOPE_LABELS[s] }));

type RoleFormModalProps = {
  /** 'new' to create a role, a role to relabel it, null while closed. */
  target: Role | 'new' | null;
  onClose: () => void;
};

/** Creates a role (key, label, scope), or relabels one; a built-in role's key stays as it is. */
export function RoleFormModal({ target, onClose }: RoleFormModalProps) {
  const editing = target !== null && target !== 'new' ? target : null;
  const title = editing ? `Edit role ${editing.key}` : 'New role';
  return (
    <Modal closeButtonProps={CLOSE_LABEL} opened={target !== null} onClose={onClose} title={title}>
      {target === null ? null : (
        <RoleForm
          key={editing ? `${editing.key}:${editing.version}` : 'new'}
          editing={editing}
          title={title}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function RoleForm({
  editing,
  title,
  onClose,
}: {
  editing: Role | null;
  title: string;
  onClose: () => void;
}) {
  const create = useCreateRole();
  const update = useUpdateRole();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, control, handleSubmit, setError, formState } = useForm<Values, unknown, Output>(
    {
      resolver: zodResolver(formSchema),
      defaultValues: editing
        ? { key: editing.key, label: editing.label, scope: editing.scope }
        : EMPTY,
    },
  );

  const texts = editing ? UPDATE_TEXTS : outcomeTexts('Role created', 'The role was not created');
  const onSubmit = handleSubmit(
    async (data) => {
      setFailure(null);
      try {
        if (editing)
          await update.mutateAsync({
            currentKey: editing.key,
            version: editing.version,
            label: data.label,
            ...(editing.isBuiltIn ? {} : { key: data.key }),
          });
        else await create.mutateAsync(data);
        notifySuccess('role-form', texts);
        onClose();
      } catch (error) {
        if (!applyFieldErrors(error, setError, ['key', 'label', 'scope']))
          setFailure(displayError(error));
        notifyFailure('role-form', displayError(error), texts);
      }
    },
    notifyInvalid('role-form', texts),
  );

  const { errors } = formState;
  return (
    <ModalForm onSubmit={onSubmit} aria-label={title}>
      <Stack gap="sm">
        <TextInput
          label="Key"
          required
          description={
            editing?.isBuiltIn
              ? 'The key of a built-in role never changes.'
              : 'Capital letters, digits and underscores, e.g. CLC_AUDITOR'
          }
          readOnly={editing?.isBuiltIn}
          error={errors.key?.message}
          autoComplete="off"
          {...register('key', {
            setValueAs: (v: unknown) => (typeof v === 'string' ? v.toUpperCase() : v),
          })}
        />
        <TextInput label="Label" required error={errors.label?.message} {...register('label')} />
        <Controller
          control={control}
          name="scope"
          render={({ field, fieldState }) => (
            <Select
              label="Scope"
              description={
                editing ? 'The scope is set when a role is created.' : 'Which records it reaches'
              }
              required
              data={SCOPE_OPTIONS}
              value={field.value}
              onChange={(v) => {
                field.onChange(v ?? '');
              }}
              readOnly={editing !== null}
              allowDeselect={false}
              error={fieldState.error?.message}
            />
          )}
        />
        <DialogActions
          failure={failure}
          onBack={onClose}
          backLabel="Cancel"
          label={editing ? 'Save' : 'Create role'}
          isBusy={create.isPending || update.isPending}
        />
      </Stack>
    </ModalForm>
  );
}
