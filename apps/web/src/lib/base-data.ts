import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  basicSystemDataSchema,
  currentUserSchema,
  menuNodeSchema,
  type BasicSystemData,
  type CurrentUser,
  type MenuNode,
} from '@lantern/contracts/current-user';
import type { Mode } from '@lantern/contracts/enums';
import { apiFetch } from './api-client';
import { useAppState } from './app-store';
import { getAccessToken } from './storage';

/* The startup call every signed-in screen shares (spec §2 "Startup"), so it lives in lib and
 * not in one feature. The menu is checked on its own: a broken menu shows the menu-error hint
 * in the header instead of taking the whole app down. */
const rawBaseDataSchema = z.object({
  user: currentUserSchema,
  menu: z.unknown(),
  basicSystemData: basicSystemDataSchema,
});

export type SessionData = {
  user: CurrentUser;
  basicSystemData: BasicSystemData;
  menu: MenuNode[];
  menuError: string | null;
};

const menuSchema = z.array(menuNodeSchema);

export async function getBaseData(mode: Mode): Promise<SessionData> {
  const raw = await apiFetch(`/api/general/current-user/${mode}`, { schema: rawBaseDataSchema });
  const menu = menuSchema.safeParse(raw.menu);
  return {
    user: raw.user,
    basicSystemData: raw.basicSystemData,
    menu: menu.success ? menu.data : [],
    menuError: menu.success ? null : menu.error.issues.map((issue) => issue.message).join(', '),
  };
}

/** The base data carries links the server signs for one hour (the profile photo): it is loaded
 * again every 30 minutes while the page is shown, and on return to a tab where it is older. */
export const BASE_DATA_REFRESH_MS = 30 * 60_000;

/** The menu's course and class flyouts come with the base data: a change to programmes or to
 * a class's staff reloads it, so the menu shows the change at once. */
export const invalidateMenu = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: ['base-data'] });

export const baseDataQueryOptions = (mode: Mode) =>
  queryOptions({
    queryKey: ['base-data', mode],
    queryFn: () => getBaseData(mode),
    staleTime: BASE_DATA_REFRESH_MS,
    refetchInterval: BASE_DATA_REFRESH_MS,
    refetchOnWindowFocus: true,
    retry: false,
  });

/** The base data of the current mode; screens inside the shell can rely on it being loaded. */
export function useBaseData() {
  const mode = useAppState((s) => s.mode);
  // Without a session there is nothing to load: the shell sends the user to sign in.
  return useQuery({ ...baseDataQueryOptions(mode), enabled: getAccessToken() !== null });
}

/** The signed-in user, or null while loading (the shell renders nothing inside until it is there). */
export function useCurrentUser(): CurrentUser | null {
  return useBaseData().data?.user ?? null;
}

export const BASE_DATA_KEY = ['base-data'] as const;
