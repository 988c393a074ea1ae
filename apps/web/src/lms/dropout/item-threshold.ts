import type { DropoutItem } from '@lantern/contracts/dropout';
import { counted } from '../../lib/plural';

/** An item's threshold in words: "40 % or more", "below 50 %", "3 weeks". */
export const itemThreshold = (item: Pick<DropoutItem, 'criterion' | 'percent' | 'weeks'>) =>
  item.criterion === 'inactive'
    ? counted(item.weeks ?? 0, 'week')
    : item.criterion === 'below_grade'
      ? `below ${item.percent ?? 0} %`
      : `${item.percent ?? 0} % or more`;
