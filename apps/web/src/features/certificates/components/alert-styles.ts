/** A light alert greys its title to shade 6 of its colour, below AA contrast on its tint: the
 * title keeps the text colour instead. */
export const READABLE_ALERT_TITLE = { title: { color: 'var(--mantine-color-text)' } } as const;
