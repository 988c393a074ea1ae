import '../styles';
import { useState } from 'react';
import { Button, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ErrorAlert } from '../../../components/failure-alert';
import { PublicPage } from '../../../components/public-page';
import { useLaunchPublicWbt, usePublicWbt } from '../api/get-public-wbt';
import { WbtPlayer } from '../components/wbt-player';

/** public_wbt/:itemId (spec §2, public): a training marked public, played without signing in;
 * nothing is kept for the person who plays it. */
export default function PublicWbtRoute() {
  const { t } = useTranslation();
  const itemId = Number(useParams().itemId);
  const wbt = usePublicWbt(itemId);
  const launch = useLaunchPublicWbt(itemId);
  const [full, setFull] = useState(false);
  return (
    <PublicPage title={wbt.data?.title ?? t('wbt.public.title', 'Training')} width={1100}>
      {wbt.isPending ? <Loader role="status" aria-label={t('lms.loading', 'Loading')} /> : null}
      <ErrorAlert error={wbt.error} />
      {wbt.data ? (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {wbt.data.courseTitle}
          </Text>
          {launch.data ? (
            <WbtPlayer
              launch={launch.data}
              title={wbt.data.title}
              userId={null}
              full={full}
              onFullChange={setFull}
            />
          ) : (
            <>
              <Text size="sm">
                {t(
                  'wbt.public.note',
                  'You can play this training without signing in. Your progress is not saved.',
                )}
              </Text>
              <Button w="fit-content" loading={launch.isPending} onClick={() => launch.mutate()}>
                {t('wbt.start', 'Start')}
              </Button>
            </>
          )}
          <ErrorAlert error={launch.error} />
        </Stack>
      ) : null}
    </PublicPage>
  );
}
