import '../styles';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../../../components/date-time-field';
import { toLocalDateTime } from '../../../lib/format';
import { asOfFromInput } from '../as-of';

/**
 * A date-time field for an as-of read; it offers no day after today (the server refuses a time
 * to come, and a later minute today reads as now). `onChange` gets the field's value and the
 * ISO time to ask for (null when empty).
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
    <DateTimeField
      size="xs"
      w={230}
      label={label ?? t('gradeHistory.asOf', 'As of')}
      value={value}
      maxDate={toLocalDateTime(new Date()).slice(0, 10)}
      defaultTime="23:59"
      onChange={(next) => {
        onChange(next, asOfFromInput(next));
      }}
    />
  );
}
