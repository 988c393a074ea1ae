import type { ComponentType } from 'react';
import type { LoaderFunction } from 'react-router';

type PageModule = { default: ComponentType; loader?: LoaderFunction };

/** Each page is its own chunk (with its guard, if any), so the sign-in page carries none of the signed-in app. */
export const page = (load: () => Promise<PageModule>) => async () => {
  const module = await load();
  return module.loader
    ? { Component: module.default, loader: module.loader }
    : { Component: module.default };
};
