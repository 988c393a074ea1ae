import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { myGradesSchema, type MyGradesQuery } from '@lantern/contracts/learning-work';
import { apiFetch } from '../../../lib/api-client';

/** Own published grades and comments, filtered and sorted on the server, 25 a page. */
export const getMyGrades = (query: MyGradesQuery) =>
  apiFetch('/api/en/lms/my-grades', {
    query: {
      courseId: query.courseId ?? null,
      sort: query.sort,
      page: query.page,
      limit: query.limit,
    },
    schema: myGradesSchema,
  });

export const useMyGrades = (query: MyGradesQuery) =>
  useQuery({
    queryKey: ['lms', 'my-grades', query],
    queryFn: () => getMyGrades(query),
    placeholderData: keepPreviousData,
  });
