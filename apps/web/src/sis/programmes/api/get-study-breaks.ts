import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { PROGRAMME_TYPE_PATHS, studyBreakSchema } from '@lantern/contracts/programme';
import type { EnrolmentActionType } from '@lantern/contracts/enrolment-rights';
import { apiFetch } from '../../../lib/api-client';

export const studyBreaksSchema = z.array(studyBreakSchema);

/** A student of a programme; a bachelor's breaks are its programme breaks (decision 0022). */
export type EnrolmentRef = {
  programmeId: number;
  enrolmentId: number;
  programmeType?: EnrolmentActionType | undefined;
};

export const breaksPath = ({ programmeId, enrolmentId, programmeType }: EnrolmentRef) =>
  `/api/en/programme/${PROGRAMME_TYPE_PATHS[programmeType ?? 'professional']}/${programmeId}/students/${enrolmentId}/breaks`;

export const getStudyBreaks = (ref: EnrolmentRef) =>
  apiFetch(breaksPath(ref), { schema: studyBreaksSchema });

export const studyBreaksQueryOptions = (ref: EnrolmentRef) =>
  queryOptions({
    queryKey: ['programmes', 'breaks', ref.programmeId, ref.enrolmentId],
    queryFn: () => getStudyBreaks(ref),
  });

export const useStudyBreaks = (ref: EnrolmentRef) => useQuery(studyBreaksQueryOptions(ref));
