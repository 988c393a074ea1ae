import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import type { Right } from '@lantern/contracts/rights';
import { useCurrentUser } from '../../../lib/base-data';
import { hasRight } from '../../../lib/rights';
import {
  programmeCertificatesPath,
  programmeClassesPath,
  programmeDropoutPath,
  programmeFinishPath,
  programmeMailsPath,
} from '../section-paths';

const SECTIONS: readonly { label: string; right: Right; path: (id: number) => string }[] = [
  { label: 'Classes', right: 'PC_CLASS__DISPLAY', path: programmeClassesPath },
  { label: 'Review grades', right: 'PROGRAMME__REVIEW_GRADES', path: programmeFinishPath },
  {
    label: 'Certificates',
    right: 'CERTIFICATE__DISPLAY',
    path: programmeCertificatesPath,
  },
  { label: 'Automatic mails', right: 'AUTOMATIC_MAIL__DISPLAY', path: programmeMailsPath },
  { label: 'Dropout flagging', right: 'DROPOUT_FLAGGING__DISPLAY', path: programmeDropoutPath },
];

/** The programme's other pages, each shown only to those holding its right. */
export function ProgrammeSectionLinks({ programmeId }: { programmeId: number }) {
  const user = useCurrentUser();
  const shown = SECTIONS.filter((s) => hasRight(user, s.right));
  if (shown.length === 0) return null;
  return (
    <Group gap="xs" wrap="wrap" component="nav" aria-label="Programme sections">
      {shown.map((s) => (
        <Button key={s.label} component={Link} to={s.path(programmeId)} size="xs" variant="default">
          {s.label}
        </Button>
      ))}
    </Group>
  );
}
