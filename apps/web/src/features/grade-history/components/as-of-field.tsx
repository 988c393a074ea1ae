import '../styles';
import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { asOfFromInput, toLocalInput } from '../as-of';

/**
 * A date-time field for an as-of read; it offers no time after now (the server refuses one).
 * `onChange` gets the field's value and the ISO time to ask for (null when empty).
 */
export function AsOfField({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (value: string, at: string | null) => void;
  label?: string;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      type="datetime-local"
      size="xs"
      w={210}
      label={label ?? t('gradeHistory.asOf', 'As of')}
      value={value}
      max={toLocalInput(new Date())}
      onChange={(e) => {
        onChange(e.currentTarget.value, asOfFromInput(e.currentTarget.value));
      }}
    />
  );
}
