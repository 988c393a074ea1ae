/** `startPreparing` → `start-preparing`: an action key as the API path names it. */
export const kebab = (key: string): string => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
