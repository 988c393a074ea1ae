import '../../../components/form-styles';
import { Anchor, Stack, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { requireRight } from '../../../lib/require-right';
import { useCreateProgramme } from '../api/create-programme';
import { ProgrammeForm } from '../components/programme-form';
import { EMPTY_PROGRAMME } from '../components/programme-form-values';
import { programmeListPath, programmeOverviewPath } from '../paths';
import { outcomeTexts } from '../../../lib/notify';

export const loader = requireRight('PC_PROGRAMME__CREATE');

export default function ProgrammeNewRoute() {
  const navigate = useNavigate();
  const create = useCreateProgramme();
  return (
    <Stack gap="sm" maw={960}>
      <Anchor component={Link} to={programmeListPath('professional-certificate')} size="sm">
        ← Programmes
      </Anchor>
      <Title order={1} fz="h2">
        New professional certificate
      </Title>
      <ProgrammeForm
        defaultValues={EMPTY_PROGRAMME}
        submitLabel="Create programme"
        texts={outcomeTexts('Programme created', 'The programme was not created')}
        onSave={async (data) => {
          const programme = await create.mutateAsync(data);
          await navigate(programmeOverviewPath(programme.id), { replace: true });
        }}
      />
    </Stack>
  );
}
