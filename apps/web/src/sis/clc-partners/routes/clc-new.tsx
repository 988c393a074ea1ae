import '../../../components/form-styles';
import { Stack, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { requireRight } from '../../../lib/require-right';
import { useCreateClc } from '../api/create-clc';
import { ClcForm, EMPTY_CLC } from '../components/clc-form';
import { outcomeTexts } from '../../../lib/notify';

export const loader = requireRight('CLC__CREATE');

export default function ClcNewRoute() {
  const navigate = useNavigate();
  const create = useCreateClc();
  return (
    <Stack gap="sm" maw={960}>
      <Title order={1} fz="h2">
        New CLC partner
      </Title>
      <ClcForm
        defaultValues={EMPTY_CLC}
        submitLabel="Create CLC partner"
        texts={outcomeTexts('CLC partner created', 'The CLC partner was not created')}
        onSave={async (data) => {
          const clc = await create.mutateAsync(data);
          // The logo and signature are added on the edit page, which needs the record first.
          await navigate(`/en/clc-partner/${clc.id}/edit`, { replace: true });
        }}
      />
    </Stack>
  );
}
