import { useState } from 'react';
import { Stack, TextInput } from '@mantine/core';
import { Select } from '../../../components/select';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  API_TOKEN_DEFAULT_DAYS,
  apiTokenInputSchema,
  defaultApiTokenExpiry,
  type apiTokenCreatedSchema,
} from '@lantern/contracts/bachelor-integration';
import { DialogActions } from '../../../components/dialog-actions';
import { ModalForm } from '../../../components/modal-form';
import { displayError } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useApiTokenUsers } from '../api/find-api-token-users';
import { useCreateApiToken } from '../api/create-api-token';
import { counted } from '../../../lib/plural';
import { FormDateField } from '../../../components/date-field';

type Values = z.input<typeof apiTokenInputSchema>;
type Created = z.infer<typeof apiTokenCreatedSchema>;

/** A new token: for which integration user, its name and its last day (a year from today unless changed). */
export function NewTokenForm({
  onCreated,
  onBack,
}: {
  onCreated: (created: Created) => void;
  onBack: () => void;
}) {
  const [search, setSearch] = useState('');
  const users = useApiTokenUsers(search);
  const create = useCreateApiToken();
  const { control, register, handleSubmit, setError, formState } = useForm<
    Values,
    unknown,
    z.output<typeof apiTokenInputSchema>
  >({
    resolver: zodResolver(apiTokenInputSchema),
    defaultValues: { userId: undefined, name: '', expiresOn: defaultApiTokenExpiry() },
  });
  const options = (users.data?.items ?? []).map((u) => ({
    value: String(u.id),
    label: `${u.name} (${u.username})`,
  }));
  const onSubmit = handleSubmit(async (data) => {
    try {
      onCreated(await create.mutateAsync(data));
    } catch (error) {
      applyFieldErrors(error, setError, ['userId', 'name', 'expiresOn']);
    }
  });
  return (
    <ModalForm onSubmit={onSubmit} aria-label="New API token">
      <Stack gap="sm">
        <Controller
          control={control}
          name="userId"
          render={({ field, fieldState }) => (
            <Select
              label="Integration user"
              description="Only users whose role may use the integration API"
              required
              searchable
              searchValue={search}
              onSearchChange={setSearch}
              filter={({ options: all }) => all}
              data={options}
              value={typeof field.value === 'number' ? String(field.value) : null}
              onChange={(value) => {
                field.onChange(value ? Number(value) : undefined);
              }}
              onBlur={field.onBlur}
              nothingFoundMessage="No integration user matches"
              error={fieldState.error?.message}
            />
          )}
        />
        <TextInput
          label="Name"
          description="What the token is for, e.g. the system that uses it"
          required
          maxLength={100}
          error={formState.errors.name?.message}
          {...register('name')}
        />
        <FormDateField
          control={control}
          name="expiresOn"
          label="Last day it works"
          description={`Every token ends; left empty, ${counted(API_TOKEN_DEFAULT_DAYS, 'day')} from today`}
        />
        <DialogActions
          onBack={onBack}
          backLabel="Cancel"
          label="Create token"
          isBusy={formState.isSubmitting}
          failure={create.isError ? displayError(create.error) : null}
        />
      </Stack>
    </ModalForm>
  );
}
