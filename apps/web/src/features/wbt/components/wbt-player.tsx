import { useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { WbtCommitResult, WbtLaunch } from '@lantern/contracts/wbt';
import type { SendState } from '../relay/commit-sender';
import { useWbtRelay } from './use-wbt-relay';

const PHONE = '(max-width: 48em)';

/** The queue's state as the learner reads it. */
export function SaveStateLine({ state }: { state: SendState }) {
  const { t } = useTranslation();
  const text = {
    saved: t('wbt.save.saved', 'Saved'),
    saving: t('wbt.save.saving', 'Saving…'),
    offline: t(
      'wbt.save.offline',
      'Offline — your progress is kept and sent when you are back online',
    ),
  }[state];
  return (
    <Text
      size="sm"
      role="status"
      c={state === 'offline' ? 'orange.9' : 'dimmed'}
      data-state={state}
    >
      {text}
    </Text>
  );
}

/**
 * A launched training: the player frame from the content origin (sandboxed; the app's own
 * frame rules do not change), the SCO choice when there are several, the save state, and the
 * full-viewport mode (the author's choice, `?full=1`, and always on a phone).
 */
export function WbtPlayer({
  launch,
  title,
  userId,
  full,
  onFullChange,
  onCommitted,
  onPlayerReload,
  extra,
}: {
  launch: WbtLaunch;
  title: string;
  /** null: nothing is tracked (public). */
  userId: number | null;
  full: boolean;
  onFullChange: (full: boolean) => void;
  onCommitted?: (result: WbtCommitResult) => void;
  /** The player page started again: the page launches afresh. */
  onPlayerReload?: () => void;
  /** Buttons beside the save state ("Mark as done"). */
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const frameRef = useRef<HTMLIFrameElement | null>(null);
  const [sco, setSco] = useState(launch.scos[0]?.index ?? 0);
  const isPhone = useMediaQuery(PHONE);
  const state = useWbtRelay({
    frameRef,
    launch,
    sco,
    userId,
    onNavigate: setSco,
    onCommitted: (result) => onCommitted?.(result),
    onPlayerReload: () => onPlayerReload?.(),
  });
  const tracked = userId !== null && launch.mode === 'normal';
  const isFull = full || isPhone || launch.display.mode === 'full';

  const bar = (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Group gap="xs" wrap="wrap">
        {launch.scos.length > 1 ? (
          <Select
            size="xs"
            label={t('wbt.player.part', 'Part')}
            data={launch.scos.map((s) => ({ value: String(s.index), label: s.title }))}
            value={String(sco)}
            onChange={(value) => value !== null && setSco(Number(value))}
            allowDeselect={false}
            w={220}
          />
        ) : null}
        {tracked ? <SaveStateLine state={state} /> : null}
        {extra}
      </Group>
      {isFull ? (
        <Button size="xs" variant="default" onClick={() => onFullChange(false)}>
          {t('wbt.player.close', 'Close the training')}
        </Button>
      ) : (
        <Button size="xs" variant="default" onClick={() => onFullChange(true)}>
          {t('wbt.player.fullScreen', 'Full screen')}
        </Button>
      )}
    </Group>
  );

  const frame = (
    <iframe
      ref={frameRef}
      className="wbt-frame"
      title={t('wbt.player.frameTitle', 'Training: {{title}}', { title })}
      src={launch.playerUrl}
      style={{ height: launch.display.heightPx }}
      // The content origin's pages may script themselves, open their own windows and forms;
      // nothing there can reach the app's origin (another origin, checked messages only).
      sandbox="allow-scripts allow-same-origin allow-forms allow-modals allow-popups allow-downloads"
      allow="fullscreen; autoplay"
      referrerPolicy="no-referrer"
    />
  );

  return (
    <Stack gap="xs">
      {launch.mode === 'browse' && launch.reason ? (
        <Alert color="orange" variant="light" title={t('wbt.player.browse', 'Nothing is saved')}>
          {launch.reason.detail}
        </Alert>
      ) : null}
      {/* One tree for both modes: switching must not reload the frame (and the training). */}
      <div
        className={isFull ? 'wbt-full' : 'wbt-embedded'}
        role={isFull ? 'dialog' : undefined}
        aria-modal={isFull ? true : undefined}
        aria-label={isFull ? title : undefined}
      >
        <div className={isFull ? 'wbt-full-bar' : 'wbt-bar'}>{bar}</div>
        {frame}
      </div>
    </Stack>
  );
}
