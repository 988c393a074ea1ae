import { z } from 'zod';
import { SWITCHER_LANGUAGES } from '@lantern/contracts/constants';
import { VALIDATION } from '@lantern/contracts/messages';

/** The `{locale}` of `/api/{locale}/…` paths. */
export const localeParams = z.object({ locale: z.enum(SWITCHER_LANGUAGES) });

/** `{locale}` and a record's numeric `{id}` (a JWL-ID or a serial id). */
export const idParams = localeParams.extend({
  id: z.coerce.number({ error: VALIDATION.number }).int().positive().max(2_147_483_647),
});
