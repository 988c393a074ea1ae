import { useQuery } from '@tanstack/react-query';
import { lmsHomeSchema } from '@lantern/contracts/learning-work';
import { apiFetch } from '../../../lib/api-client';

/** The lms home: own concentrations, what is due, grades, announcements; staff: classes. */
export const getLmsHome = () => apiFetch('/api/en/lms/home', { schema: lmsHomeSchema });

export const useLmsHome = () => useQuery({ queryKey: ['lms', 'home'], queryFn: getLmsHome });
