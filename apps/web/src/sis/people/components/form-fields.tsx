/* Fields bound to a react-hook-form by name, for the person forms: each shows its label and the
 * message of its field (spec §5) and converts between what the input holds and what the schema
 * wants (null for nothing chosen, numbers for numeric choices). */
import { Checkbox, NumberInput } from '@mantine/core';
import { Select } from '../../../components/select';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import type { ClcRef } from '@lantern/contracts/current-user';
import { ClcMultiSelect } from '../../../components/clc-select';
import { CountrySelect } from '../../../components/country-select';
import { useEnumeration, type EnumerationName } from '../../../lib/enumerations';

type FieldProps<T extends FieldValues, O> = {
  control: Control<T, unknown, O>;
  name: Path<T>;
  label: string;
  required?: boolean;
  description?: string;
};

const textOrNull = (value: unknown): string | null =>
  typeof value === 'string' && value !== ''
    ? value
    : typeof value === 'number'
      ? String(value)
      : null;

const idsOf = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((id: unknown): id is number => typeof id === 'number') : [];

type Option = { value: string; label: string };

const fromBoolean = (value: unknown): unknown =>
  value === true ? 'yes' : value === false ? 'no' : value;

/** A select; `numeric` stores the option as a number, `yesNo` the options yes/no as booleans. */
export function SelectField<T extends FieldValues, O>({
  data,
  numeric = false,
  yesNo = false,
  ...props
}: FieldProps<T, O> & { data: readonly Option[]; numeric?: boolean; yesNo?: boolean }) {
  const convert = (value: string | null): unknown => {
    if (value === null) return null;
    if (yesNo) return value === 'yes';
    return numeric ? Number(value) : value;
  };
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field, fieldState }) => (
        <Select
          label={props.label}
          description={props.description}
          required={props.required}
          data={[...data]}
          value={textOrNull(yesNo ? fromBoolean(field.value) : field.value)}
          onChange={(value) => {
            field.onChange(convert(value));
          }}
          onBlur={field.onBlur}
          clearable={!props.required}
          allowDeselect={!props.required}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** A select of an enumeration of the base data. */
export function EnumField<T extends FieldValues, O>({
  enumeration,
  ...props
}: FieldProps<T, O> & { enumeration: EnumerationName; numeric?: boolean }) {
  const options = useEnumeration(enumeration);
  return <SelectField {...props} data={options} />;
}

export function CountryField<T extends FieldValues, O>(props: FieldProps<T, O>) {
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field, fieldState }) => (
        <CountrySelect
          label={props.label}
          required={props.required ?? false}
          value={textOrNull(field.value)}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

export function NumberField<T extends FieldValues, O>({
  min,
  max,
  ...props
}: FieldProps<T, O> & { min?: number; max?: number }) {
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field, fieldState }) => (
        <NumberInput
          label={props.label}
          description={props.description}
          required={props.required}
          min={min}
          max={max}
          allowDecimal={false}
          value={typeof field.value === 'number' ? field.value : ''}
          onChange={(value) => {
            field.onChange(typeof value === 'number' ? value : null);
          }}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

export function CheckboxField<T extends FieldValues, O>(props: FieldProps<T, O>) {
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field, fieldState }) => (
        <Checkbox
          label={props.label}
          checked={field.value === true}
          onChange={(event) => {
            field.onChange(event.currentTarget.checked);
          }}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          mt="lg"
        />
      )}
    />
  );
}

export function ClcField<T extends FieldValues, O>({
  initial,
  ...props
}: FieldProps<T, O> & { initial: readonly ClcRef[] }) {
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field, fieldState }) => (
        <ClcMultiSelect
          label={props.label}
          required={props.required ?? false}
          initial={initial}
          value={idsOf(field.value)}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
