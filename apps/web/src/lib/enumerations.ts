import { useMemo } from 'react';
import { useBaseData } from './base-data';

/** The enumerations of the base data (basicSystemData.enumerations) that forms and lists label. */
export type EnumerationName =
  | 'residencyStatuses'
  | 'schoolingLevels'
  | 'deviceTypes'
  | 'cefrLevels'
  | 'genders'
  | 'employeeTypes'
  | 'systemRoles'
  | 'userStatuses';

export type EnumOption = { value: string; label: string };

const NONE: readonly EnumOption[] = [];

/** A select's options from fixed values and their labels, in the values' order. */
export const labelledOptions = <V extends string>(
  values: readonly V[],
  labels: Readonly<Record<V, string>>,
): { value: V; label: string }[] => values.map((value) => ({ value, label: labels[value] }));

/** The options of an enumeration with their labels, in the server's order. */
export function useEnumeration(name: EnumerationName): readonly EnumOption[] {
  const data = useBaseData().data;
  return data?.basicSystemData.enumerations[name] ?? NONE;
}

/** A value's label in an enumeration (the value itself when unknown, '' for none). */
export function useEnumLabel(name: EnumerationName): (value: string | null | undefined) => string {
  const options = useEnumeration(name);
  return useMemo(() => {
    const labels = new Map(options.map((option) => [option.value, option.label]));
    return (value) => (value === null || value === undefined ? '' : (labels.get(value) ?? value));
  }, [options]);
}
