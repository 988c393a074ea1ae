import type { Right } from '@lantern/contracts/rights';
import { bachelorPaths } from './paths';

/**
 * The sections of a bachelor programme and the right each needs: one list, read by the section
 * links and by the test that every link opens a page its holder may see.
 */
export const BACHELOR_SECTIONS: readonly {
  label: string;
  right: Right;
  path: (id: number) => string;
}[] = [
  { label: 'Dropout flagging', right: 'DROPOUT_FLAGGING__DISPLAY', path: bachelorPaths.dropout },
  { label: 'Automatic mails', right: 'AUTOMATIC_MAIL__DISPLAY', path: bachelorPaths.mails },
];
