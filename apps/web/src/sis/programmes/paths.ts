/** The two tabs of programme/list (spec §2), as they stand in the address and the API path. */
export const PROGRAMME_TABS = ['professional-certificate', 'bachelor'] as const;
export type ProgrammeTab = (typeof PROGRAMME_TABS)[number];

export const isProgrammeTab = (value: string | undefined): value is ProgrammeTab =>
  PROGRAMME_TABS.some((tab) => tab === value);

export const programmeListPath = (tab: ProgrammeTab) => `/en/programme/list/${tab}`;
export const programmeOverviewPath = (id: number) =>
  `/en/programme/professional-certificate/${id}/overview`;
export const programmeEditPath = (id: number) =>
  `/en/programme/professional-certificate/${id}/edit`;
export const NEW_PROGRAMME_PATH = '/en/programme/professional-certificate/new';

/** A bachelor programme's own pages (features/bachelor) open from its row in the list. */
export const bachelorHomePath = (id: number) => `/en/programme/bachelor/${id}`;
