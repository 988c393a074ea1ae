import { useState } from 'react';

/**
 * True from the first render in which `value` is true, and from then on. The shell mounts a
 * lazily loaded overlay (drawer, modal) once it is first wanted and keeps it mounted, so that
 * it can play its closing transition and open again without another load.
 */
export function useHasBeenTrue(value: boolean): boolean {
  const [hasBeenTrue, setHasBeenTrue] = useState(value);
  // Updating state while rendering is React's way to derive it from a changing value.
  if (value && !hasBeenTrue) setHasBeenTrue(true);
  return hasBeenTrue || value;
}
