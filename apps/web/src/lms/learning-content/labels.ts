import type { TFunction } from 'i18next';
import type { UnitAvailability } from '@lantern/contracts/learning-content';
import type { ItemKind, TaskDelivery, UnitStatus } from '@lantern/contracts/learning-enums';
import type { ShownTaskState } from '../task-state/public';
import { FILE_TYPE_LABELS, type FileTypeKey } from '@lantern/contracts/learning-kinds';

/* Labels of stored values on learning screens, through i18next with their English text. */

export const taskStateLabel = (t: TFunction, state: ShownTaskState): string =>
  ({
    not_started: t('content.state.notStarted', 'Not started'),
    in_progress: t('content.state.inProgress', 'In progress'),
    draft: t('content.state.draft', 'Draft saved'),
    submitted: t('content.state.submitted', 'Submitted'),
    graded: t('content.state.graded', 'Graded'),
    returned: t('content.state.returned', 'Returned for rework'),
  })[state];

export const kindLabel = (t: TFunction, kind: ItemKind): string =>
  ({
    resource: t('content.kind.resource', 'Resource'),
    text_task: t('content.kind.textTask', 'Text task'),
    file_task: t('content.kind.fileTask', 'File task'),
    voice_task: t('content.kind.voiceTask', 'Voice task'),
    wbt: t('content.kind.wbt', 'Web-based training'),
    quiz: t('content.kind.quiz', 'Quiz'),
    discussion: t('content.kind.discussion', 'Graded discussion'),
  })[kind];

export const deliveryLabel = (t: TFunction, delivery: TaskDelivery): string =>
  ({
    online: t('content.delivery.online', 'Online'),
    onsite: t('content.delivery.onsite', 'At your learning centre'),
  })[delivery];

export const unitStatusLabel = (t: TFunction, status: UnitStatus): string =>
  ({
    draft: t('content.unitStatus.draft', 'Draft'),
    published: t('content.unitStatus.published', 'Published'),
    closed: t('content.unitStatus.closed', 'Closed'),
  })[status];

export const availabilityLabel = (t: TFunction, availability: UnitAvailability): string =>
  ({
    not_open: t('content.availability.notOpen', 'Not open yet'),
    open: t('content.availability.open', 'Open'),
    closed: t('content.availability.closed', 'Closed'),
  })[availability];

export const formatLabel = (t: TFunction, format: string | null): string => {
  switch (format) {
    case 'file':
      return t('content.format.file', 'Document');
    case 'link':
      return t('content.format.link', 'Link');
    case 'video':
      return t('content.format.video', 'Video');
    default:
      return t('content.format.text', 'Text');
  }
};

export const fileTypesLabel = (keys: readonly FileTypeKey[]): string =>
  keys.map((k) => FILE_TYPE_LABELS[k]).join(', ');
