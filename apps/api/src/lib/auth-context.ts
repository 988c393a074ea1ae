import type { Principal } from '../plugins/principal';

// Who a request acts as, read once by the auth plugin; lib and modules take it as a value.
export type AuthContext = {
  sessionId: string;
  /** The user the request acts as (the impersonated one while impersonating). */
  user: Principal;
  /** The user who signed in. */
  realUser: Principal;
  impersonating: boolean;
  rights: ReadonlySet<string>;
  /** The CLCs in effect: the user's, narrowed by their choice for this sign-in. */
  clcIds: number[];
  /** Whether the user narrowed their CLCs in this sign-in (then even network-wide roles follow it). */
  clcNarrowed: boolean;
  ip: string;
  /** Set when the request came with an integration API token (then only BA_API routes open). */
  apiTokenId?: number;
};
