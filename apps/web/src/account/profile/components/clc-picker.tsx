import { Button, MultiSelect, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { selectClcsSchema } from '@lantern/contracts/profile';
import type { ClcRef } from '@lantern/contracts/current-user';
import { DROPDOWN_OPTIONS_LIMIT } from '@lantern/contracts/constants';
import { displayError } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form-errors';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useSelectClcs } from '../api/select-clcs';

type FormValues = z.infer<typeof selectClcsSchema>;

/** A user in several CLCs chooses which ones they work in now. */
export function ClcPicker({ allClcs, clcs }: { allClcs: ClcRef[]; clcs: ClcRef[] }) {
  const mutation = useSelectClcs();
  const { control, handleSubmit, setError, formState } = useForm<FormValues>({
    resolver: zodResolver(selectClcsSchema),
    values: { clcIds: clcs.map((clc) => clc.id) },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync(values);
      notifySuccess('profile-clcs');
    } catch (error) {
      applyFieldErrors(error, setError, ['clcIds']);
      notifyFailure('profile-clcs', displayError(error));
    }
  });

  const data = allClcs.map((clc) => ({
    value: String(clc.id),
    label: `${clc.name} (${clc.code})`,
  }));

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="xs">
        <Controller
          control={control}
          name="clcIds"
          render={({ field, fieldState }) => (
            <MultiSelect
              label="CLCs I work in now"
              description="Lists show the records of these CLCs."
              data={data}
              limit={DROPDOWN_OPTIONS_LIMIT}
              searchable
              hidePickedOptions
              value={field.value.map(String)}
              onChange={(values) => {
                field.onChange(values.map(Number));
              }}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        <Button
          type="submit"
          size="xs"
          w="fit-content"
          loading={mutation.isPending}
          disabled={!formState.isDirty}
        >
          Save CLCs
        </Button>
      </Stack>
    </form>
  );
}
