import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  exportStudentPageSchema,
  type ExportStatusFilter,
} from '@lantern/contracts/bachelor-verification';
import { apiFetch } from '../../../lib/api-client';

export type ExportStudentFilter = {
  status?: ExportStatusFilter | undefined;
  eligible?: boolean | undefined;
  q?: string | undefined;
  page: number;
  limit: number;
};

export const findExportStudents = (id: number, f: ExportStudentFilter) =>
  apiFetch(`/api/en/programme/bachelor/${id}/verification/students`, {
    query: {
      status: f.status,
      eligible: f.eligible === undefined ? undefined : String(f.eligible),
      q: f.q || undefined,
      page: f.page,
      limit: f.limit,
    },
    schema: exportStudentPageSchema,
  });

/** The programme's students with their export status (completed → exported → graduated). */
export const useExportStudents = (id: number, filter: ExportStudentFilter) =>
  useQuery({
    queryKey: ['bachelor', id, 'export-students', filter],
    queryFn: () => findExportStudents(id, filter),
    placeholderData: keepPreviousData,
  });
