import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { studyBreakSchema } from '@lantern/contracts/programme';
import { apiFetch } from '../../../lib/api-client';

export const studyBreaksSchema = z.array(studyBreakSchema);

export type EnrolmentRef = { programmeId: number; enrolmentId: number };

export const breaksPath = ({ programmeId, enrolmentId }: EnrolmentRef) =>
  `/api/en/programme/professional-certificate/${programmeId}/students/${enrolmentId}/breaks`;

export const getStudyBreaks = (ref: EnrolmentRef) =>
  apiFetch(breaksPath(ref), { schema: studyBreaksSchema });

export const studyBreaksQueryOptions = (ref: EnrolmentRef) =>
  queryOptions({
    queryKey: ['programmes', 'breaks', ref.programmeId, ref.enrolmentId],
    queryFn: () => getStudyBreaks(ref),
  });

export const useStudyBreaks = (ref: EnrolmentRef) => useQuery(studyBreaksQueryOptions(ref));
