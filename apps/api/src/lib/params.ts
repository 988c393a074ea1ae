import { z } from 'zod';
import { SWITCHER_LANGUAGES } from '@lantern/contracts/constants';
import { VALIDATION } from '@lantern/contracts/messages';

/** The largest value of an `integer` column (ids, JWL-IDs). */
export const MAX_ID = 2_147_483_647;

/** The `{locale}` of `/api/{locale}/…` paths. */
export const localeParams = z.object({ locale: z.enum(SWITCHER_LANGUAGES) });

/** `{locale}` and a record's numeric `{id}` (a JWL-ID or a serial id). */
export const idParams = localeParams.extend({
  id: z.coerce.number({ error: VALIDATION.number }).int().positive().max(MAX_ID),
});

/** The OpenAPI description of a route whose body schema is `.strict()`. */
export const STRICT_BODY =
  'The body is strict: a key the schema does not name is refused with 400, never ignored.';
