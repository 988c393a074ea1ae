import {
  announcementInputSchema,
  type Announcement,
  type AnnouncementInput,
  type Priority,
} from '@lantern/contracts/communication';
import { fromLocalDateTime, toLocalDateTime } from '../../../lib/format';

/** The form's values: what the inputs hold, as text. */
export type FormValues = {
  title: string;
  body: string;
  priority: Priority;
  everyone: boolean;
  roles: string[];
  clcIds: string[];
  programmeIds: string[];
  /** `YYYY-MM-DDTHH:mm` in the browser's time zone, or empty. */
  publishFrom: string;
  publishUntil: string;
};

export const EMPTY_FORM: FormValues = {
  title: '',
  body: '',
  priority: 'normal',
  everyone: false,
  roles: [],
  clcIds: [],
  programmeIds: [],
  publishFrom: '',
  publishUntil: '',
};

export function formFrom(a: Announcement): FormValues {
  return {
    title: a.title,
    body: a.body,
    priority: a.priority,
    everyone: a.audience.everyone,
    roles: a.audience.roles,
    clcIds: a.audience.clcIds.map(String),
    programmeIds: a.audience.programmeIds.map(String),
    publishFrom: toLocalDateTime(a.publishFrom),
    publishUntil: toLocalDateTime(a.publishUntil),
  };
}

/** The request body, checked by the same schema as the server's; field messages on failure. */
export function toInput(
  values: FormValues,
  publish: boolean,
): { data: AnnouncementInput } | { errors: Record<string, string> } {
  const data: AnnouncementInput = {
    title: values.title,
    body: values.body,
    priority: values.priority,
    audience: values.everyone
      ? { everyone: true, roles: [], clcIds: [], programmeIds: [] }
      : {
          everyone: false,
          roles: values.roles,
          clcIds: values.clcIds.map(Number),
          programmeIds: values.programmeIds.map(Number),
        },
    publishFrom: fromLocalDateTime(values.publishFrom),
    publishUntil: fromLocalDateTime(values.publishUntil),
    publish,
  };
  const parsed = announcementInputSchema.safeParse(data);
  if (parsed.success) return { data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.');
    errors[key] ??= issue.message;
  }
  return { errors };
}

/** Who it goes to, in a few words, for the list. */
export function audienceSummary(
  a: Announcement['audience'],
  names: { roles: Map<string, string>; clcs: Map<number, string>; programmes: Map<number, string> },
): string {
  if (a.everyone) return 'Everyone';
  const parts = [
    a.roles.map((r) => names.roles.get(r) ?? r).join(', '),
    a.clcIds.map((c) => names.clcs.get(c) ?? `CLC ${c}`).join(', '),
    a.programmeIds.map((p) => names.programmes.get(p) ?? `Programme ${p}`).join(', '),
  ].filter((p) => p !== '');
  return parts.join(' · ');
}
