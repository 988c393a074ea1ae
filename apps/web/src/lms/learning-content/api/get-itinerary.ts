import { queryOptions, useQuery } from '@tanstack/react-query';
import { itinerarySchema } from '@lantern/contracts/learning-content';
import { apiFetch } from '../../../lib/api-client';

export const getItinerary = (programmeId: number) =>
  apiFetch(`/api/en/lms/concentration/${programmeId}/itinerary`, { schema: itinerarySchema });

export const itineraryQueryOptions = (programmeId: number) =>
  queryOptions({
    queryKey: ['learning-content', 'itinerary', programmeId],
    queryFn: () => getItinerary(programmeId),
  });

export const useItinerary = (programmeId: number) => useQuery(itineraryQueryOptions(programmeId));
