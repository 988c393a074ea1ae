import { ClcFilterSelect } from '../../../components/clc-select';
import { CountrySelect } from '../../../components/country-select';
import { FilterSelect } from '../../../components/list-header';
import { useEnumeration, type EnumerationName } from '../../../lib/enumerations';
import type { PersonFilter } from '../kinds';
import { useRoleOptions } from '../api/get-role-options';
import { HALF_WIDTH } from '../../../lib/list-state';

type PeopleFiltersProps = {
  filters: readonly PersonFilter[];
  values: Partial<Record<PersonFilter, string>>;
  onChange: (name: PersonFilter, value: string | null) => void;
};

const ENUM_FILTERS = {
  status: { label: 'Status', enumeration: 'userStatuses' },
  gender: { label: 'Gender', enumeration: 'genders' },
  residencyStatus: { label: 'Residency status', enumeration: 'residencyStatuses' },
  employeeType: { label: 'Employee type', enumeration: 'employeeTypes' },
} as const satisfies Partial<Record<PersonFilter, { label: string; enumeration: EnumerationName }>>;

function EnumFilter({
  name,
  value,
  onChange,
}: {
  name: keyof typeof ENUM_FILTERS;
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const { label, enumeration } = ENUM_FILTERS[name];
  const options = useEnumeration(enumeration);
  const data = [...options];
  return (
    <FilterSelect
      label={label}
      placeholder="All"
      data={data}
      value={value}
      onChange={onChange}
      width={name === 'employeeType' || name === 'residencyStatus' ? 220 : 120}
    />
  );
}

function RoleFilter({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const roles = useRoleOptions();
  return (
    <FilterSelect
      label="Role"
      placeholder="All roles"
      data={(roles.data ?? []).map((role) => ({ value: role.key, label: role.label }))}
      value={value}
      onChange={onChange}
      searchable
      width={200}
    />
  );
}

/** The filters a kind of person offers, each written to the address as it changes. */
export function PeopleFilters({ filters, values, onChange }: PeopleFiltersProps) {
  return filters.map((name) => {
    const value = values[name] ?? null;
    const set = (next: string | null) => {
      onChange(name, next);
    };
    switch (name) {
      case 'clc':
        return <ClcFilterSelect key={name} value={value} onChange={set} />;
      case 'nationality':
        return (
          <CountrySelect
            key={name}
            label="Nationality"
            placeholder="All"
            value={value}
            onChange={set}
            w={{ base: HALF_WIDTH, xs: 190 }}
          />
        );
      case 'role':
        return <RoleFilter key={name} value={value} onChange={set} />;
      default:
        return <EnumFilter key={name} name={name} value={value} onChange={set} />;
    }
  });
}
