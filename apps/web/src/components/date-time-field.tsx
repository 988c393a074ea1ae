import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Group, Input, TextInput, type MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { parseTimeText } from '../lib/format';
import { DateField } from './date-field';

type DateTimeFieldProps = {
  label: string;
  /** `YYYY-MM-DDTHH:mm` in the device's zone ('' for none): see `toLocalDateTime`. */
  value: string;
  onChange: (value: string) => void;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  size?: MantineSize;
  w?: number | string;
  /** The last day that may be picked, `YYYY-MM-DD`. */
  maxDate?: string;
  /** The time a newly picked day gets before one is typed: 23:59 suits a due date. */
  defaultTime?: string;
  /** Show the label to assistive technology only (a table row whose column says it). */
  hideLabel?: boolean;
};

/**
 * Every moment people enter — opens, closes, due, publish from — in the app's own format
 * whatever the browser's locale: the day as pages write it ("7 Dec 2026", picked or typed) and
 * the time on a 24-hour clock ("14:30"; "2:30 pm" and "1430" are understood). The two parts are
 * one fieldset named by the label; the date input carries the label, the time input
 * "<label>, time".
 */
export function DateTimeField({
  label,
  value,
  onChange,
  description,
  error,
  required = false,
  disabled = false,
  size = 'sm',
  w,
  maxDate,
  defaultTime = '00:00',
  hideLabel = false,
}: DateTimeFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const day = value.slice(0, 10);
  const [timeText, setTimeText] = useState(value.slice(11, 16));
  const [timeWrong, setTimeWrong] = useState(false);
  // A value set from outside (a record loaded, a form reset) replaces what was typed; the value
  // this field itself sent does not, so a half-typed time stays as typed.
  const sent = useRef(value);
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setTimeText(value.slice(11, 16));
      setTimeWrong(false);
    }
  }, [value]);
  const send = (next: string) => {
    sent.current = next;
    onChange(next);
  };

  const timeMessage = timeWrong
    ? t('dateTime.badTime', 'Write the time as hours and minutes, e.g. 14:30.')
    : null;
  const shownError = timeMessage ?? error;
  const describedBy =
    [description ? `${id}-description` : null, shownError ? `${id}-error` : null]
      .filter(Boolean)
      .join(' ') || undefined;

  return (
    <fieldset
      disabled={disabled}
      style={{ border: 0, margin: 0, padding: 0, minWidth: 0, width: w }}
    >
      <legend
        style={{
          padding: 0,
          ...(hideLabel
            ? {
                position: 'absolute',
                width: 1,
                height: 1,
                overflow: 'hidden',
                clip: 'rect(0 0 0 0)',
              }
            : {}),
        }}
      >
        <Input.Label required={required} size={size} component="span">
          {label}
        </Input.Label>
      </legend>
      {description ? (
        <Input.Description id={`${id}-description`} size={size} mb={4}>
          {description}
        </Input.Description>
      ) : null}
      <Group gap={6} wrap="nowrap" align="flex-start">
        <DateField
          aria-label={label}
          size={size}
          required={required}
          value={day}
          maxDate={maxDate}
          error={Boolean(shownError)}
          aria-describedby={describedBy}
          style={{ flex: 1, minWidth: 128 }}
          onChange={(nextDay) => {
            if (nextDay === '') {
              send('');
              return;
            }
            const typed = parseTimeText(timeText);
            const time = typed ?? defaultTime;
            if (typed === null) {
              setTimeText(time);
              setTimeWrong(false);
            }
            send(`${nextDay}T${time}`);
          }}
        />
        <TextInput
          aria-label={t('dateTime.timeOf', '{{label}}, time', { label })}
          size={size}
          w={76}
          inputMode="numeric"
          autoComplete="off"
          placeholder="hh:mm"
          value={timeText}
          error={Boolean(shownError)}
          aria-describedby={describedBy}
          onChange={(e) => {
            const text = e.currentTarget.value;
            setTimeText(text);
            const time = parseTimeText(text);
            if (time !== null) {
              setTimeWrong(false);
              if (day) send(`${day}T${time}`);
            }
          }}
          onBlur={() => {
            if (timeText.trim() === '') {
              setTimeWrong(false);
              if (day) {
                setTimeText(defaultTime);
                send(`${day}T${defaultTime}`);
              }
              return;
            }
            const time = parseTimeText(timeText);
            setTimeWrong(time === null);
            if (time !== null) setTimeText(time);
          }}
        />
      </Group>
      {shownError ? (
        <Input.Error id={`${id}-error`} size={size} mt={4}>
          {shownError}
        </Input.Error>
      ) : null}
    </fieldset>
  );
}
