/** A modal's (or notification's) close button has no text of its own: it needs a name for
 * screen readers (axe). */
export const CLOSE_LABEL = { 'aria-label': 'Close' } as const;

/** A light alert greys its title to shade 6 of its colour, below AA on its tint: the title
 * takes the text colour, the tint still tells the kind. */
export const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } } as const;
