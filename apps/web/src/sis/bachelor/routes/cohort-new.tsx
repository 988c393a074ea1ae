import '../../../components/form-styles';
import { Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { Select } from '../../../components/select';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { currentTermYear } from '@lantern/contracts/bachelor';
import { cohortInputSchema, type CohortInput } from '@lantern/contracts/bachelor-cohorts';
import { FailureAlert } from '../../../components/failure-alert';
import { displayError } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form-errors';
import { notifyFailure, notifySuccess, outcomeTexts } from '../../../lib/notify';
import { requireRight } from '../../../lib/require-right';
import { useCreateCohort } from '../api/create-cohort';
import { bachelorPaths } from '../paths';
import { intakeTermOptions } from '../term-label';

export const loader = requireRight('BA_COHORT__CREATE');

const TEXTS = outcomeTexts('Cohort created', 'The cohort was not created');
type Values = z.input<typeof cohortInputSchema>;

/** cohorts/new: a cohort's code and intake term; then on to importing its students. */
export default function CohortNewRoute() {
  const programmeId = Number(useParams().programme);
  const navigate = useNavigate();
  const create = useCreateCohort();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values, unknown, CohortInput>({
    resolver: zodResolver(cohortInputSchema),
    defaultValues: { code: '', intakeTerm: `${currentTermYear()}-fa` },
  });
  const save = async (data: CohortInput) => {
    setFailure(null);
    try {
      const cohort = await create.mutateAsync({ programmeId, ...data });
      notifySuccess('cohort-new', TEXTS);
      void navigate(bachelorPaths.cohortImport(programmeId, cohort.id));
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, ['code', 'intakeTerm'])) {
        setFailure(displayError(error));
        notifyFailure('cohort-new', displayError(error), TEXTS);
      }
    }
  };
  const { errors } = form.formState;
  return (
    <Stack gap="sm" maw={480}>
      <Title order={2} size="h3">
        New cohort
      </Title>
      <form noValidate onSubmit={(e) => void form.handleSubmit(save)(e)}>
        <Stack gap="sm">
          <TextInput
            label="Code"
            required
            description="Unique in the programme, for example BLS-2026"
            {...form.register('code')}
            error={errors.code?.message}
          />
          <Controller
            control={form.control}
            name="intakeTerm"
            render={({ field, fieldState }) => (
              <Select
                label="Intake term"
                required
                description="The term the cohort starts in"
                data={intakeTermOptions()}
                allowDeselect={false}
                value={field.value || null}
                onChange={(value) => {
                  field.onChange(value ?? '');
                }}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
          <FailureAlert text={failure} />
          <Group justify="flex-end">
            <Button variant="default" component={Link} to={bachelorPaths.cohorts(programmeId)}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create cohort
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
