import { type OptionsFilter } from '@mantine/core';
import { Select } from './select';
import { COUNTRY_OPTIONS, countryMatches } from '../lib/countries';

const DATA = COUNTRY_OPTIONS.map(({ value, label }) => ({ value, label }));
const filter: OptionsFilter = ({ options, search }) =>
  options.filter((option) => 'value' in option && countryMatches(option.value, search));

type CountrySelectProps = {
  label: string;
  value: string | null;
  onChange: (code: string | null) => void;
  onBlur?: () => void;
  error?: string | undefined;
  required?: boolean;
  placeholder?: string;
  w?: Parameters<typeof Select>[0]['w'];
};

/** A country from the ISO list, searchable by name, alternate name or code; stores the code. */
export function CountrySelect({ onChange, ...props }: CountrySelectProps) {
  return (
    <Select
      {...props}
      data={DATA}
      filter={filter}
      searchable
      clearable={!props.required}
      onChange={(code) => {
        onChange(code);
      }}
    />
  );
}
