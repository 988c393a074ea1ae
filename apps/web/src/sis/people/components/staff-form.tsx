import { Badge, Group, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch, type Control, type Path } from 'react-hook-form';
import { z } from 'zod';
import type { ClcRef } from '@lantern/contracts/current-user';
import {
  coordinatorInputSchema,
  facilitatorInputSchema,
  userInputSchema,
  type Person,
} from '@lantern/contracts/people';
import { FormSection } from '../../../components/form-section';
import { SaveFooter } from '../../../components/save-footer';
import { outcomeTexts, UPDATE_TEXTS } from '../../../lib/notify';
import { useSaveOutcome, type Warnings } from '../../../lib/use-save-outcome';
import { useRoleOptions } from '../api/get-role-options';
import { KINDS } from '../kinds';
import { EmailField } from './email-field';
import { ClcField, EnumField } from './form-fields';
import { SaveWarnings } from './save-warnings';

export type StaffKind =
  'facilitator' | 'lead-facilitator' | 'lead-faculty' | 'coordinator' | 'user';

/** The kinds whose form carries the employee type, required for facilitators (spec §2). */
const FACILITATOR_FORMS: readonly StaffKind[] = ['facilitator', 'lead-facilitator'];

/** What the facilitator, coordinator and user forms hold; each kind checks its part with its own
 * schema from the contracts. */
export type StaffValues = {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  gender: string | null;
  clcIds: number[];
  employeeType: string | null;
  systemRole: string;
  status: string;
  roles: string[];
};

/** The kind's contract schema, taking the form's values as they are. */
const forForm = <S extends z.ZodType>(schema: S) =>
  z
    .custom<StaffValues>()
    .transform((values): unknown => values)
    .pipe(schema);

const SCHEMAS = {
  facilitator: forForm(facilitatorInputSchema),
  'lead-facilitator': forForm(facilitatorInputSchema),
  'lead-faculty': forForm(coordinatorInputSchema),
  coordinator: forForm(coordinatorInputSchema),
  user: forForm(userInputSchema),
};
export type StaffOutput =
  | z.output<typeof facilitatorInputSchema>
  | z.output<typeof coordinatorInputSchema>
  | z.output<typeof userInputSchema>;

export const EMPTY_STAFF: StaffValues = {
  username: '',
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  gender: null,
  clcIds: [],
  employeeType: null,
  systemRole: 'user',
  status: 'active',
  roles: [],
};

export const staffFormValues = (p: Person): StaffValues => ({
  username: p.username,
  firstName: p.firstName,
  lastName: p.lastName,
  email: p.email ?? '',
  phone: p.phone ?? '',
  gender: p.gender,
  clcIds: p.clcs.map((clc) => clc.id),
  employeeType: p.employeeType,
  systemRole: p.systemRole,
  status: p.status,
  roles: p.roles,
});

const FIELDS = Object.keys(EMPTY_STAFF) as Path<StaffValues>[];

/**
 * The roles the person asking may grant are offered; the person's other roles stay listed and
 * locked, and are kept in what is saved, so saving unchanged never tries to remove them
 * (decision 0015: granting or removing a role is the same right).
 */
export function RolesField({ control }: { control: Control<StaffValues, unknown, StaffOutput> }) {
  const roles = useRoleOptions();
  return (
    <Controller
      control={control}
      name="roles"
      render={({ field, fieldState }) => {
        // Until the roles are known nothing is offered and nothing is shown as locked.
        if (!roles.data)
          return (
            <MultiSelect label="Application roles" required disabled placeholder="Loading roles…" />
          );
        const options = roles.data;
        const grantable = new Set(options.filter((r) => r.grantable).map((r) => r.key));
        const labels = new Map(options.map((r) => [r.key, r.label]));
        const locked = field.value.filter((key) => !grantable.has(key));
        return (
          <Stack gap={4}>
            <MultiSelect
              label="Application roles"
              required
              searchable
              description={
                locked.length > 0 ? 'Only the roles you may grant or remove are offered.' : null
              }
              data={options
                .filter((r) => r.grantable)
                .map((r) => ({ value: r.key, label: r.label }))}
              value={field.value.filter((key) => grantable.has(key))}
              onChange={(chosen) => field.onChange([...locked, ...chosen])}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
            {locked.length > 0 ? (
              <Group gap={4} aria-label="Roles you cannot grant or remove" role="list">
                <Text size="sm" c="dimmed">
                  Also holds (you cannot grant or remove):
                </Text>
                {locked.map((key) => (
                  <Badge key={key} variant="light" color="gray" role="listitem">
                    {labels.get(key) ?? key}
                  </Badge>
                ))}
              </Group>
            ) : null}
          </Stack>
        );
      }}
    />
  );
}

type StaffFormProps = {
  kind: StaffKind;
  defaultValues: StaffValues;
  personId: number | null;
  clcs: readonly ClcRef[];
  submitLabel: string;
  onSave: (data: StaffOutput) => Promise<Warnings>;
  onReload?: () => Promise<StaffValues>;
};

export function StaffForm(props: StaffFormProps) {
  const { register, control, handleSubmit, setError, reset, formState } = useForm<
    StaffValues,
    unknown,
    StaffOutput
  >({ resolver: zodResolver(SCHEMAS[props.kind]), defaultValues: props.defaultValues });
  const outcome = useSaveOutcome({
    setError,
    reset,
    fields: FIELDS,
    onReload: props.onReload,
    form: `${props.kind}-form`,
    texts:
      props.personId === null
        ? outcomeTexts(
            `${KINDS[props.kind].label} created`,
            `The ${KINDS[props.kind].label.toLowerCase()} was not created`,
          )
        : UPDATE_TEXTS,
  });
  const email = useWatch({ control, name: 'email' });
  const { errors } = formState;

  const onSubmit = handleSubmit((data) => outcome.run(() => props.onSave(data)), outcome.invalid);

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={props.kind}>
      <Stack gap="sm">
        <FormSection legend="Person">
          <TextInput
            label="First name"
            required
            error={errors.firstName?.message}
            {...register('firstName')}
          />
          <TextInput
            label="Last name"
            required
            error={errors.lastName?.message}
            {...register('lastName')}
          />
          <TextInput
            label="Username"
            required
            autoComplete="off"
            error={errors.username?.message}
            {...register('username')}
          />
          <EnumField control={control} name="gender" label="Gender" enumeration="genders" />
          <EmailField
            kind={props.kind}
            exceptId={props.personId}
            value={email}
            registration={register('email')}
            error={errors.email?.message}
          />
          <TextInput
            label="Phone"
            type="tel"
            description="With +country code, or as dialled in the CLC's country"
            error={errors.phone?.message}
            {...register('phone')}
          />
        </FormSection>
        <FormSection legend={props.kind === 'user' ? 'Access' : 'Work'}>
          <ClcField control={control} name="clcIds" label="CLCs" required initial={props.clcs} />
          {FACILITATOR_FORMS.includes(props.kind) || props.kind === 'user' ? (
            <EnumField
              control={control}
              name="employeeType"
              label="Employee type"
              enumeration="employeeTypes"
              required={FACILITATOR_FORMS.includes(props.kind)}
            />
          ) : null}
          {props.kind === 'user' ? (
            <>
              <RolesField control={control} />
              <EnumField
                control={control}
                name="systemRole"
                label="System role"
                enumeration="systemRoles"
                required
              />
              <EnumField
                control={control}
                name="status"
                label="Status"
                enumeration="userStatuses"
                required
                description="A locked user cannot sign in; locking ends their sign-ins."
              />
            </>
          ) : null}
        </FormSection>
        <SaveWarnings warnings={outcome.warnings} />
        <SaveFooter
          outcome={outcome}
          submitLabel={props.submitLabel}
          isSubmitting={formState.isSubmitting}
        />
      </Stack>
    </form>
  );
}
