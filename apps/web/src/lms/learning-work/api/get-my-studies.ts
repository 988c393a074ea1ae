import { useQuery } from '@tanstack/react-query';
import { myStudiesSchema } from '@lantern/contracts/learning-work';
import { apiFetch } from '../../../lib/api-client';

/** Your own programmes, states, breaks and certificates (the profile's "My studies"). */
export const getMyStudies = () => apiFetch('/api/en/profile/studies', { schema: myStudiesSchema });

export const useMyStudies = () =>
  useQuery({ queryKey: ['profile', 'studies'], queryFn: getMyStudies });
