// Other areas import this file: the area's rule (lms-styles.test.ts) has each such file load its styles.
import './styles';
import type { ReactNode } from 'react';
import type { ItemKind } from '@lantern/contracts/learning-enums';
import { QuizFields, quizErrors, quizFormOf, quizPoints } from '../quiz-authoring/public';
import { QuizStaffLinks } from '../quiz/public';
import { WbtFields } from '../wbt/public';

/** What the item form takes from a kind whose own feature holds its fields. */
type KindAuthoring = {
  readonly Fields: (props: never) => ReactNode;
  readonly [part: string]: unknown;
};

/**
 * The authoring fields of each kind that has fields of its own (a training's package and
 * display; a quiz's slots, layout and first session, its checks, its points and its staff
 * links); null: the item form's common fields are all the kind has. A new kind does not
 * compile until it is here.
 */
export const AUTHORING_FIELDS = {
  resource: null,
  text_task: null,
  file_task: null,
  voice_task: null,
  wbt: { Fields: WbtFields },
  quiz: {
    Fields: QuizFields,
    errors: quizErrors,
    formOf: quizFormOf,
    points: quizPoints,
    StaffLinks: QuizStaffLinks,
  },
  discussion: null,
} as const satisfies Record<ItemKind, KindAuthoring | null>;
