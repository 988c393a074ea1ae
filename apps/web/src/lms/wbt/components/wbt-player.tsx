import { useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { PHONE } from '../../../lib/media';
import { useTranslation } from 'react-i18next';
import type { WbtCommitResult, WbtLaunch, WbtPart } from '@lantern/contracts/wbt';
import { partStateLabel } from '../labels';
import type { SendState } from '../relay/commit-sender';
import { useWbtRelay } from './use-wbt-relay';

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

const finished = (p: WbtPart) => p.state === 'completed' || p.state === 'passed';

/** The part to go on to after `sco`: the next one not yet done, else an earlier one not done. */
export function nextPart(parts: readonly WbtPart[], sco: number): WbtPart | null {
  const at = parts.findIndex((p) => p.index === sco);
  const others = [...parts.slice(at + 1), ...parts.slice(0, Math.max(0, at))];
  return others.find((p) => !finished(p)) ?? null;
}

/**
 * What the learner sees when a part ends (the SCO finished its session): the part is done, and
 * what comes next — the next part to open, or the end of the training.
 */
function PartFinished({
  launch,
  parts,
  sco,
  onOpen,
  onClose,
}: {
  launch: WbtLaunch;
  parts: readonly WbtPart[];
  sco: number;
  onOpen: (sco: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const title = parts.find((p) => p.index === sco)?.title ?? launch.scos[sco]?.title ?? '';
  const next = launch.scos.length > 1 ? nextPart(parts, sco) : null;
  return (
    <Paper withBorder p="sm" role="status" aria-live="polite" className="wbt-part-done">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {next
            ? t('wbt.player.partDone', 'You have finished “{{title}}”. Next: “{{next}}”.', {
                title,
                next: next.title,
              })
            : launch.scos.length > 1
              ? t('wbt.player.allPartsDone', 'You have finished “{{title}}”, the last part left.', {
                  title,
                })
              : t('wbt.player.trainingDone', 'You have finished this training.')}
        </Text>
        <Group gap="xs">
          {next ? (
            <Button size="xs" onClick={() => onOpen(next.index)}>
              {t('wbt.player.openNext', 'Go on to “{{next}}”', { next: next.title })}
            </Button>
          ) : null}
          <Button size="xs" variant="default" onClick={onClose}>
            {t('wbt.player.close', 'Close the training')}
          </Button>
        </Group>
      </Group>
    </Paper>
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
  onClose,
  onPartEnded,
  parts,
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
  /** The learner closes the training (after its last part, or from the full view). */
  onClose?: () => void;
  /** A part's session ended (its last commit is on its way). */
  onPartEnded?: (sco: number) => void;
  /** Each part's state as last read (the launch's until the page reads them again). */
  parts?: readonly WbtPart[];
  /** Buttons beside the save state ("Mark as done"). */
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const frameRef = useRef<HTMLIFrameElement | null>(null);
  const [sco, setSco] = useState(launch.startSco);
  /** The part whose session just ended, until the learner moves on. */
  const [ended, setEnded] = useState<number | null>(null);
  const isPhone = useMediaQuery(PHONE);
  const partStates = parts && parts.length === launch.scos.length ? parts : launch.parts;
  const open = (next: number) => {
    setEnded(null);
    setSco(next);
  };
  const state = useWbtRelay({
    frameRef,
    launch,
    sco,
    userId,
    onNavigate: open,
    onCommitted: (result) => onCommitted?.(result),
    onPlayerReload: () => onPlayerReload?.(),
    onTerminate: (sco) => {
      setEnded(sco);
      onPartEnded?.(sco);
    },
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
            data={launch.scos.map((s) => {
              const state = partStates.find((p) => p.index === s.index)?.state;
              return {
                value: String(s.index),
                label: state ? `${s.title} — ${partStateLabel(t, state)}` : s.title,
              };
            })}
            value={String(sco)}
            onChange={(value) => value !== null && open(Number(value))}
            allowDeselect={false}
            w={280}
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
      {launch.mode === 'review' ? (
        <Alert
          color="blue"
          variant="light"
          // The title in dark type: the light variant's own title colour falls below AA contrast.
          title={
            <Text span fw={700} size="sm" c="dark.8">
              {t('wbt.player.review', 'Review of a finished attempt')}
            </Text>
          }
        >
          {launch.reason?.detail}
        </Alert>
      ) : null}
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
        {ended !== null ? (
          <PartFinished
            launch={launch}
            parts={partStates}
            sco={ended}
            onOpen={open}
            onClose={() => {
              setEnded(null);
              if (onClose) onClose();
              else onFullChange(false);
            }}
          />
        ) : null}
        {frame}
      </div>
    </Stack>
  );
}
