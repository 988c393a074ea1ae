import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  localeUpdateSchema,
  type Language,
  type LocaleUpdate,
} from '@lantern/contracts/current-user';
import { apiFetch } from '../../../lib/api-client';
import { baseDataQueryOptions, type SessionData } from '../../../lib/base-data';

export const updateLocale = (body: LocaleUpdate): Promise<LocaleUpdate> =>
  apiFetch('/api/general/current-user/locale', {
    method: 'PUT',
    body,
    schema: localeUpdateSchema,
  });

const LMS_KEY = baseDataQueryOptions('lms').queryKey;

const withLocale = (data: SessionData | undefined, locale: Language): SessionData | undefined =>
  data && { ...data, user: { ...data.user, locale } };

/**
 * The switcher's choice: shown at once (the lms base data carries the person's language, and
 * the shell applies what it says), kept on the server, and taken back if the server refuses.
 */
export function useUpdateLocale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLocale,
    onMutate: ({ locale }) => {
      const before = queryClient.getQueryData(LMS_KEY)?.user.locale;
      queryClient.setQueryData(LMS_KEY, (data) => withLocale(data, locale));
      return { before };
    },
    onError: (_error, _body, context) => {
      const before = context?.before;
      if (before) queryClient.setQueryData(LMS_KEY, (data) => withLocale(data, before));
    },
  });
}
