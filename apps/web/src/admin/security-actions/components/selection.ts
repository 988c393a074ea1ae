import type { SecuritySelection } from '@lantern/contracts/security-actions';

/** JWL-IDs typed or pasted: separated by commas, spaces or lines; anything else is reported. */
export function parseIds(text: string): { ids: number[]; invalid: string[] } {
  const ids: number[] = [];
  const invalid: string[] = [];
  for (const token of text.split(/[\s,;]+/).filter(Boolean)) {
    if (/^\d{1,10}$/.test(token) && Number(token) > 0 && Number(token) <= 2_147_483_647)
      ids.push(Number(token));
    else invalid.push(token);
  }
  return { ids: [...new Set(ids)], invalid };
}

export type FilterForm = {
  role: string | null;
  clc: string | null;
  status: string | null;
  signedIn: string | null;
  date: string;
};

/** The filter form as the API takes it: empty choices are left out. */
export function filterSelection(form: FilterForm): SecuritySelection {
  return {
    mode: 'filter',
    ...(form.role ? { role: form.role } : {}),
    ...(form.clc ? { clc: Number(form.clc) } : {}),
    ...(form.status === 'active' || form.status === 'locked' ? { status: form.status } : {}),
    ...(form.signedIn === 'never' || form.signedIn === 'before' || form.signedIn === 'since'
      ? { signedIn: form.signedIn }
      : {}),
    ...(form.date && form.signedIn !== 'never' ? { date: form.date } : {}),
  };
}
