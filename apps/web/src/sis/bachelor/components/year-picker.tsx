import { Select } from '@mantine/core';
import { currentTermYear } from '@lantern/contracts/bachelor';

/** The years a programme's term pages offer: its terms' years and the years around today. */
export function yearsOf(termYears: number[], now = currentTermYear()): number[] {
  const all = new Set([...termYears, now - 1, now, now + 1]);
  return [...all].sort((a, b) => b - a);
}

/** The year of a `:termYear` page; choosing another opens that year's page. */
export function YearPicker({
  year,
  years,
  onChange,
}: {
  year: number;
  years: number[];
  onChange: (year: number) => void;
}) {
  return (
    <Select
      label="Year"
      w={110}
      allowDeselect={false}
      data={years.map((y) => ({ value: String(y), label: String(y) }))}
      value={String(year)}
      onChange={(value) => {
        if (value) onChange(Number(value));
      }}
    />
  );
}
