/* The same two fixes the programme screens use; features keep their own copies (no imports
 * across features). */

/** A modal's close button has no text of its own: it needs a name for screen readers (axe). */
export const CLOSE_LABEL = { 'aria-label': 'Close' } as const;

/** A light alert greys its title below AA on its tint: the title takes the text colour. */
export const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } } as const;
