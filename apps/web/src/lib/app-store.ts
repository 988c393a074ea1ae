import { useSyncExternalStore } from 'react';
import { DEFAULT_LOCALE } from '@lantern/contracts/constants';
import type { Mode } from '@lantern/contracts/enums';
import { modeOnRoute, routeModeOf } from './route-modes';

/** An error the user may report: what happened, on which page, when (spec §3 store state). */
export type AppErrorEntry = { error: string; page: string; timestamp: string };

export type AppState = {
  mode: Mode;
  locale: string;
  errors: AppErrorEntry[];
};

const MAX_ERRORS = 20;

/** A tab starts in the mode of the address it opens; an `any` page in a fresh tab is sis. */
const initialMode = (): Mode =>
  typeof window === 'undefined' ? 'sis' : modeOnRoute(routeModeOf(window.location.pathname), 'sis');

let state: AppState = { mode: initialMode(), locale: DEFAULT_LOCALE, errors: [] };
const listeners = new Set<() => void>();

function setState(next: AppState): void {
  state = next;
  listeners.forEach((listener) => {
    listener();
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getAppState = (): AppState => state;

export function useAppState<T>(select: (s: AppState) => T): T {
  return useSyncExternalStore(
    subscribe,
    () => select(state),
    () => select(state),
  );
}

export function setMode(mode: Mode): void {
  if (state.mode !== mode) setState({ ...state, mode });
}

export function setLocale(locale: string): void {
  if (state.locale !== locale) setState({ ...state, locale });
}

export function recordError(error: string): void {
  const entry: AppErrorEntry = {
    error,
    page: window.location.pathname + window.location.search,
    timestamp: new Date().toISOString(),
  };
  setState({ ...state, errors: [...state.errors, entry].slice(-MAX_ERRORS) });
}

export function clearErrors(): void {
  setState({ ...state, errors: [] });
}
