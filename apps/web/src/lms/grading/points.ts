// Other areas import this file: the area's rule (lms-styles.test.ts) has each such file load its styles.
import './styles';
/** Points without trailing zeros: 7, 7.5, 7.25. */
export const pointsText = (points: number | null): string =>
  points === null ? '' : String(Math.round(points * 100) / 100);
