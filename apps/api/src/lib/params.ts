import { z } from 'zod';
import { SWITCHER_LANGUAGES } from '@lantern/contracts/constants';

/** The `{locale}` of `/api/{locale}/…` paths. */
export const localeParams = z.object({ locale: z.enum(SWITCHER_LANGUAGES) });
