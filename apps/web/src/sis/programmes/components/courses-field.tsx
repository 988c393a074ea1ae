// The course rows lay out on a grid; the shared form styles carry only SimpleGrid.
import '@mantine/core/styles/Grid.layer.css';
import {
  ActionIcon,
  Button,
  Fieldset,
  Grid,
  Group,
  NumberInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  Controller,
  useFieldArray,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form';
import type { ProgrammeFormOutput, ProgrammeFormValues } from './programme-form-values';

type CoursesFieldProps = {
  control: Control<ProgrammeFormValues, unknown, ProgrammeFormOutput>;
  register: UseFormRegister<ProgrammeFormValues>;
  errors: FieldErrors<ProgrammeFormValues>;
};

const Arrow = ({ up }: { up: boolean }) => (
  <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" focusable="false">
    <path
      d={up ? 'M3 9l4-4 4 4' : 'M3 5l4 4 4-4'}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
    />
  </svg>
);

const Cross = () => (
  <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" focusable="false">
    <path d="M3.5 3.5l7 7M10.5 3.5l-7 7" fill="none" stroke="currentColor" strokeWidth="1.8" />
  </svg>
);

const numberOrEmpty = (value: unknown): number | string =>
  typeof value === 'number' ? value : typeof value === 'string' ? value : '';

/** The programme's courses in their order: code, title and units per row; add, remove, move. */
export function CoursesField({ control, register, errors }: CoursesFieldProps) {
  const { fields, append, remove, move } = useFieldArray({ control, name: 'courses' });
  const listError = errors.courses?.message ?? errors.courses?.root?.message;
  return (
    <Fieldset legend="Courses" variant="filled" p="sm">
      <Stack gap="xs">
        {fields.map((field, index) => {
          const rowErrors = errors.courses?.[index];
          const n = index + 1;
          return (
            <Fieldset
              key={field.id}
              legend={`Course ${n}`}
              variant="unstyled"
              p={0}
              styles={{ legend: { fontSize: 'var(--mantine-font-size-sm)', fontWeight: 600 } }}
            >
              <Grid gutter="xs" align="flex-start">
                <Grid.Col span={{ base: 5, sm: 2 }} order={{ base: 1, sm: 1 }}>
                  <TextInput
                    label="Code"
                    required
                    error={rowErrors?.code?.message}
                    {...register(`courses.${index}.code`)}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }} order={{ base: 3, sm: 2 }}>
                  <TextInput
                    label="Title"
                    required
                    error={rowErrors?.title?.message}
                    {...register(`courses.${index}.title`)}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 3, sm: 2 }} order={{ base: 2, sm: 3 }}>
                  <Controller
                    control={control}
                    name={`courses.${index}.units`}
                    render={({ field: units, fieldState }) => (
                      <NumberInput
                        label="Units"
                        required
                        min={1}
                        max={60}
                        allowDecimal={false}
                        value={numberOrEmpty(units.value)}
                        onChange={(value) => {
                          // Empty reads as 0 ('At least 1'), not NaN: a type error would stop
                          // the schema's checks across fields (the end date) from running.
                          units.onChange(value === '' ? null : value);
                        }}
                        onBlur={units.onBlur}
                        error={fieldState.error?.message}
                      />
                    )}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 4, sm: 2 }} order={{ base: 2, sm: 4 }}>
                  <Group gap={4} wrap="nowrap" mt={{ base: 26 }}>
                    <ActionIcon
                      variant="default"
                      size="lg"
                      aria-label={`Move course ${n} up`}
                      disabled={index === 0}
                      onClick={() => {
                        move(index, index - 1);
                      }}
                    >
                      <Arrow up />
                    </ActionIcon>
                    <ActionIcon
                      variant="default"
                      size="lg"
                      aria-label={`Move course ${n} down`}
                      disabled={index === fields.length - 1}
                      onClick={() => {
                        move(index, index + 1);
                      }}
                    >
                      <Arrow up={false} />
                    </ActionIcon>
                    <ActionIcon
                      variant="default"
                      size="lg"
                      c="red.9"
                      aria-label={`Remove course ${n}`}
                      onClick={() => {
                        remove(index);
                      }}
                    >
                      <Cross />
                    </ActionIcon>
                  </Group>
                </Grid.Col>
              </Grid>
            </Fieldset>
          );
        })}
        {listError ? (
          <Text size="sm" c="red.9" role="alert">
            {listError}
          </Text>
        ) : null}
        <Group>
          <Button
            variant="default"
            size="xs"
            onClick={() => {
              append({ code: '', title: '', units: null });
            }}
          >
            Add course
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
