import '@mantine/core/styles/Popover.layer.css';
import '@mantine/dates/styles.layer.css';
import type { Ref } from 'react';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { parseDateText } from '../lib/format';

type DateFieldProps = Omit<
  DateInputProps,
  'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'dateParser' | 'locale'
> & {
  /** The calendar day, `YYYY-MM-DD`, or '' when none. */
  value: string;
  onChange: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
};

/**
 * Every date people enter, in the app's own format ("7 Dec 2026", as pages write it) whatever
 * the browser's locale: typed as such, as `2026-12-07` or as `7/12/2026`, or picked in the
 * calendar. The value is the calendar day `YYYY-MM-DD` ('' when empty).
 */
export function DateField({ value, onChange, ...props }: DateFieldProps) {
  const { t } = useTranslation();
  return (
    <DateInput
      // dayjs writes English month names whatever the screen's language, like formatDate.
      locale="en"
      valueFormat="D MMM YYYY"
      dateParser={parseDateText}
      placeholder="e.g. 7 Dec 2026"
      clearable={!props.required}
      // The clear button is an icon: it is named, like every control drawn as one (WCAG 4.1.2).
      clearButtonProps={{ 'aria-label': t('dateField.clear', 'Clear the date') }}
      {...props}
      value={value === '' ? null : value}
      onChange={(day) => {
        onChange(day ?? '');
      }}
    />
  );
}

/** A DateField bound to a react-hook-form field holding `YYYY-MM-DD` ('' when empty, or
 * undefined with `emptyAsUndefined`, for a schema that says "required" only of a missing value). */
export function FormDateField<T extends FieldValues, TOut extends FieldValues = T>({
  control,
  name,
  emptyAsUndefined = false,
  ...props
}: Omit<DateFieldProps, 'value' | 'onChange' | 'name'> & {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  emptyAsUndefined?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DateField
          {...props}
          ref={field.ref}
          name={field.name}
          onBlur={field.onBlur}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={(day) => {
            field.onChange(day === '' && emptyAsUndefined ? undefined : day);
          }}
          error={props.error ?? fieldState.error?.message}
        />
      )}
    />
  );
}
