import { useSyncExternalStore } from 'react';
import { DEFAULT_LOCALE } from '@lantern/contracts/constants';
import type { Mode } from '@lantern/contracts/enums';

/** An error the user may report: what happened, on which page, when (spec §3 store state). */
export type AppErrorEntry = { error: string; page: string; timestamp: string };

export type AppState = {
  mode: Mode;
  locale: string;
  errors: AppErrorEntry[];
};

const MAX_ERRORS = 20;

let state: AppState = { mode: 'sis', locale: DEFAULT_LOCALE, errors: [] };
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
  setState({ ...state, mode });
}

export function setLocale(locale: string): void {
  setState({ ...state, locale });
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
