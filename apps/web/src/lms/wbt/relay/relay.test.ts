import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { PlayerCommit } from '@lantern/contracts/wbt-relay';
import { ApiError } from '../../../lib/api-errors';
import { CommitQueue, WBT_QUEUE_MAX_CHARS } from './commit-queue';
import { CommitSender, RETRY_DELAYS_MS, type SendCommits } from './commit-sender';
import { WbtRelay, type RelayLaunch } from './relay';

const CONTENT = 'http://localhost:4001';

class MemoryStore {
  readonly map = new Map<string, string>();
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
}

const commit = (seq: number, values: Record<string, string>, extra: Partial<PlayerCommit> = {}) =>
  ({
    v: 1,
    type: 'commit',
    launchNo: 1,
    seq,
    sco: 0,
    values,
    terminate: false,
    ...extra,
  }) satisfies PlayerCommit;

const launch: RelayLaunch = {
  attemptId: 7,
  launchNo: 1,
  standard: 'scorm12',
  sco: 0,
  href: 'index.html',
  contentBase: `${CONTENT}/c/tok/`,
  cmi: {},
  learner: { id: '15', name: 'Amal Haddad' },
  mode: 'normal',
  credit: 'credit',
  contentOrigin: CONTENT,
  scoCount: 2,
};

/** Timers the test fires by hand, to see the retry schedule without waiting. */
function manualTimers() {
  const pending: { fn: () => void; ms: number }[] = [];
  return {
    pending,
    setTimeout: (fn: () => void, ms: number) => {
      const entry = { fn, ms };
      pending.push(entry);
      return entry;
    },
    clearTimeout: (handle: unknown) => {
      const i = pending.indexOf(handle as (typeof pending)[number]);
      if (i >= 0) pending.splice(i, 1);
    },
    fire: () => pending.shift()?.fn(),
  };
}

const offline = () => new ApiError({ kind: 'network', message: 'network.error.serverError' });
const flushed = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('CommitQueue', () => {
  it('keeps commits per user in order, merges unsent ones of a launch and SCO, and dedupes', () => {
    const store = new MemoryStore();
    const queue = new CommitQueue(15, store);
    expect(queue.enqueue(7, commit(1, { 'cmi.core.lesson_location': 'p1' }))).toBe('queued');
    expect(
      queue.enqueue(7, commit(2, { 'cmi.core.lesson_location': 'p2', 'cmi.suspend_data': 'x' })),
    ).toBe('queued');
    expect(queue.enqueue(7, commit(3, { 'cmi.core.lesson_status': 'completed' }, { sco: 1 }))).toBe(
      'queued',
    );
    // The same sequence number again, or an older one, changes nothing.
    expect(queue.enqueue(7, commit(2, { 'cmi.core.lesson_location': 'old' }))).toBe('duplicate');
    expect(queue.enqueue(7, commit(1, { 'cmi.core.lesson_location': 'old' }))).toBe('duplicate');
    expect(queue.all()).toEqual([
      expect.objectContaining({
        attemptId: 7,
        seq: 2,
        sco: 0,
        values: { 'cmi.core.lesson_location': 'p2', 'cmi.suspend_data': 'x' },
      }),
      expect.objectContaining({ seq: 3, sco: 1 }),
    ]);
    expect([...store.map.keys()]).toEqual(['lantern-wbt:15']);
    // Another user's queue is another key.
    expect(new CommitQueue(16, store).all()).toEqual([]);
  });

  it('does not merge into commits being sent, and keeps what another tab merged meanwhile', () => {
    const store = new MemoryStore();
    const queue = new CommitQueue(15, store);
    queue.enqueue(7, commit(1, { 'cmi.core.lesson_location': 'p1' }));
    const batch = queue.take(7, 50);
    queue.enqueue(7, commit(2, { 'cmi.core.lesson_location': 'p2' }));
    expect(queue.all().map((c) => c.seq)).toEqual([1, 2]);
    queue.remove(batch);
    expect(queue.all().map((c) => c.seq)).toEqual([2]);
  });

  it('does not merge a SCO’s next session into the commit that ended its last one', () => {
    const queue = new CommitQueue(15, new MemoryStore());
    queue.enqueue(7, commit(1, { 'cmi.core.session_time': '00:02:00' }, { terminate: true }));
    queue.enqueue(7, commit(2, { 'cmi.core.session_time': '00:00:30' }));
    expect(queue.all().map((c) => [c.seq, c.values['cmi.core.session_time'], c.terminate])).toEqual(
      [
        [1, '00:02:00', true],
        [2, '00:00:30', false],
      ],
    );
  });

  it('refuses a commit past its size limit and keeps what it had', () => {
    const queue = new CommitQueue(15, new MemoryStore());
    const big = 'x'.repeat(60_000);
    let seq = 0;
    let state = 'queued';
    while (state === 'queued') {
      seq += 1;
      state = queue.enqueue(
        7,
        commit(seq, { 'cmi.suspend_data': big }, { sco: seq % 2, launchNo: seq }),
      );
    }
    expect(state).toBe('queue_full');
    expect(queue.size()).toBe(seq - 1);
    expect(JSON.stringify(queue.all()).length).toBeLessThanOrEqual(WBT_QUEUE_MAX_CHARS);
  });

  it('reads an unreadable stored queue as empty', () => {
    const store = new MemoryStore();
    store.setItem('lantern-wbt:15', '{"v":1,"commits":[{"attemptId":"x"}]}');
    expect(new CommitQueue(15, store).all()).toEqual([]);
  });
});

describe('CommitSender', () => {
  it('sends each attempt oldest first in batches of 50 and shows "saved" when empty', async () => {
    const queue = new CommitQueue(15, new MemoryStore());
    for (let seq = 1; seq <= 60; seq += 1)
      queue.enqueue(7, commit(seq, { 'cmi.core.lesson_location': String(seq) }, { launchNo: seq }));
    queue.enqueue(8, commit(1, { 'cmi.core.lesson_status': 'completed' }));
    const sent: [number, number[]][] = [];
    const sender = new CommitSender({
      queue,
      send: async (attemptId, commits) => {
        sent.push([attemptId, commits.map((c) => c.launchNo)]);
      },
      timers: manualTimers(),
      isOnline: () => true,
    });
    await sender.flush();
    expect(sent.map(([id, launches]) => [id, launches.length, launches[0]])).toEqual([
      [7, 50, 1],
      [7, 10, 51],
      [8, 1, 1],
    ]);
    expect(queue.size()).toBe(0);
    expect(sender.getState()).toBe('saved');
  });

  it('keeps commits through a lost link, retries on the schedule, and resends them in order', async () => {
    const queue = new CommitQueue(15, new MemoryStore());
    const timers = manualTimers();
    let online = false;
    const received: number[] = [];
    const sender = new CommitSender({
      queue,
      send: async (_attemptId, commits) => {
        if (!online) throw offline();
        received.push(...commits.map((c) => c.seq));
      },
      timers,
      isOnline: () => online,
    });
    const states: string[] = [];
    sender.subscribe((s) => states.push(s));
    queue.enqueue(7, commit(1, { 'cmi.core.lesson_location': 'p1' }));
    await sender.flush();
    queue.enqueue(7, commit(2, { 'cmi.core.lesson_status': 'completed' }, { sco: 1 }));
    await sender.flush();
    expect(sender.getState()).toBe('offline');
    expect(received).toEqual([]);
    expect(timers.pending.map((t) => t.ms)).toEqual([RETRY_DELAYS_MS[1]]);
    timers.fire();
    await flushed();
    expect(timers.pending.map((t) => t.ms)).toEqual([RETRY_DELAYS_MS[2]]);
    online = true;
    timers.fire();
    await flushed();
    expect(received).toEqual([1, 2]);
    expect(queue.size()).toBe(0);
    expect(states).toEqual(['offline', 'saving', 'saved']);
  });

  it('drops commits the server refuses for good (4xx) and goes on with the next', async () => {
    const queue = new CommitQueue(15, new MemoryStore());
    queue.enqueue(7, commit(1, { 'cmi.core.lesson_location': 'p1' }));
    queue.enqueue(8, commit(1, { 'cmi.core.lesson_location': 'p1' }));
    const dropped = vi.fn();
    const sent: number[] = [];
    const sender = new CommitSender({
      queue,
      send: async (attemptId) => {
        if (attemptId === 7)
          throw new ApiError({ kind: 'response', status: 404, message: 'Not found' });
        sent.push(attemptId);
      },
      timers: manualTimers(),
      isOnline: () => true,
      onDropped: dropped,
    });
    await sender.flush();
    expect(dropped).toHaveBeenCalledTimes(1);
    expect(sent).toEqual([8]);
    expect(queue.size()).toBe(0);
  });

  it('keeps commits on 409 and 429 to send them again', async () => {
    const queue = new CommitQueue(15, new MemoryStore());
    queue.enqueue(7, commit(1, { 'cmi.core.lesson_location': 'p1' }));
    const timers = manualTimers();
    const sender = new CommitSender({
      queue,
      send: async () => {
        throw new ApiError({ kind: 'response', status: 429, message: 'Too many' });
      },
      timers,
      isOnline: () => true,
    });
    await sender.flush();
    expect(queue.size()).toBe(1);
    expect(sender.getState()).toBe('saving');
    expect(timers.pending).toHaveLength(1);
  });

  it('sends what fits in keepalive requests as the page goes away', () => {
    const queue = new CommitQueue(15, new MemoryStore());
    queue.enqueue(7, commit(1, { 'cmi.suspend_data': 'x'.repeat(40_000) }));
    queue.enqueue(7, commit(2, { 'cmi.suspend_data': 'y'.repeat(40_000) }, { sco: 1 }));
    const send = vi.fn(async () => undefined);
    new CommitSender({ queue, send, timers: manualTimers() }).flushOnExit();
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith(7, [expect.objectContaining({ seq: 1 })], {
      keepalive: true,
    });
  });
});

describe('WbtRelay', () => {
  let frame: HTMLIFrameElement;
  let queue: CommitQueue;
  let send: Mock<SendCommits>;
  let relay: WbtRelay;
  let toPlayer: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    frame = document.createElement('iframe');
    document.body.append(frame);
    const player = frame.contentWindow;
    if (!player) throw new Error('no frame window');
    toPlayer = vi.fn();
    player.postMessage = toPlayer as unknown as Window['postMessage'];
    queue = new CommitQueue(15, new MemoryStore());
    send = vi.fn<SendCommits>(async () => undefined);
    const sender = new CommitSender({
      queue,
      send,
      timers: manualTimers(),
      isOnline: () => true,
    });
    relay = new WbtRelay({ win: window, frame, tracking: { queue, sender } });
    relay.setLaunch(launch);
  });

  afterEach(() => {
    relay.stop();
    frame.remove();
  });

  const deliver = (data: unknown, origin = CONTENT, source: Window | null = frame.contentWindow) =>
    window.dispatchEvent(new MessageEvent('message', { data, origin, source }));

  it('answers ready with the launch, addressed to the content origin only', () => {
    deliver({ v: 1, type: 'ready' });
    expect(toPlayer).toHaveBeenCalledTimes(1);
    const [message, target] = toPlayer.mock.calls[0] as [Record<string, unknown>, string];
    expect(target).toBe(CONTENT);
    expect(message).toMatchObject({ type: 'init', attemptId: 7, launchNo: 1, href: 'index.html' });
    expect(message).not.toHaveProperty('contentOrigin');
  });

  it('asks for a new launch when the player starts again within a tracked one', () => {
    const onPlayerReload = vi.fn();
    relay.stop();
    relay = new WbtRelay({ win: window, frame, tracking: null, onPlayerReload });
    relay.setLaunch(launch);
    deliver({ v: 1, type: 'ready' });
    deliver({ v: 1, type: 'ready' });
    expect(toPlayer).toHaveBeenCalledTimes(1);
    expect(onPlayerReload).toHaveBeenCalledTimes(1);
    relay.setLaunch({ ...launch, launchNo: 2 });
    deliver({ v: 1, type: 'ready' });
    expect(toPlayer).toHaveBeenCalledTimes(2);
  });

  it('tells the page when a part ends, and plays any part the learner picks once the player is ready', () => {
    const onTerminate = vi.fn();
    relay.stop();
    const sender = new CommitSender({ queue, send, timers: manualTimers(), isOnline: () => true });
    relay = new WbtRelay({ win: window, frame, tracking: { queue, sender }, onTerminate });
    relay.setLaunch({ ...launch, sco: 1 });
    deliver({ v: 1, type: 'ready' });
    deliver(commit(1, { 'cmi.core.lesson_status': 'incomplete' }, { sco: 1 }));
    expect(onTerminate).not.toHaveBeenCalled();
    deliver(commit(2, { 'cmi.core.lesson_status': 'completed' }, { sco: 1, terminate: true }));
    expect(onTerminate).toHaveBeenCalledWith(1);
    // Back to the first part (not the one the launch opened with): it reaches the player.
    toPlayer.mockClear();
    relay.setLaunch({ ...launch, sco: 0 });
    expect(toPlayer).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'init', sco: 0 }),
      CONTENT,
    );
    sender.stop();
  });

  it('reads nothing from another origin, another window, or a message that does not parse', async () => {
    const good = commit(1, { 'cmi.core.lesson_status': 'completed' });
    deliver(good, 'http://localhost:3000');
    deliver(good, 'http://evil.example');
    deliver(good, CONTENT, window);
    deliver(good, CONTENT, null);
    deliver({ ...good, values: { 'window.location': 'x' } });
    deliver({ ...good, seq: 0 });
    deliver({ ...good, v: 2 });
    deliver({ ...good, type: 'eval' });
    deliver({ ...good, values: { 'cmi.suspend_data': 'x'.repeat(300_000) } });
    await flushed();
    expect(queue.size()).toBe(0);
    expect(send).not.toHaveBeenCalled();
    expect(toPlayer).not.toHaveBeenCalled();
  });

  it('queues a commit under the launch attempt, acknowledges it and sends it', async () => {
    deliver(commit(1, { 'cmi.core.lesson_status': 'completed', 'cmi.core.score.raw': '80' }));
    expect(toPlayer).toHaveBeenCalledWith({ v: 1, type: 'ack', seq: 1, state: 'queued' }, CONTENT);
    await flushed();
    expect(send).toHaveBeenCalledWith(
      7,
      [
        expect.objectContaining({
          attemptId: 7,
          launchNo: 1,
          seq: 1,
          values: { 'cmi.core.lesson_status': 'completed', 'cmi.core.score.raw': '80' },
        }),
      ],
      { keepalive: false },
    );
    expect(queue.size()).toBe(0);
  });

  it('drops commits of another launch, of a SCO the package lacks, and of browse launches', async () => {
    deliver(commit(1, { 'cmi.core.lesson_status': 'completed' }, { launchNo: 2 }));
    deliver(commit(1, { 'cmi.core.lesson_status': 'completed' }, { sco: 5 }));
    relay.setLaunch({ ...launch, attemptId: null, mode: 'browse' });
    deliver(commit(2, { 'cmi.core.lesson_status': 'completed' }));
    await flushed();
    expect(queue.size()).toBe(0);
    expect(send).not.toHaveBeenCalled();
  });

  it('ignores a repeated commit', async () => {
    send.mockImplementation(() => Promise.reject(offline()));
    deliver(commit(1, { 'cmi.core.lesson_location': 'a' }));
    deliver(commit(1, { 'cmi.core.lesson_location': 'b' }));
    await flushed();
    expect(queue.all()).toEqual([
      expect.objectContaining({ values: { 'cmi.core.lesson_location': 'a' } }),
    ]);
    expect(toPlayer).toHaveBeenCalledTimes(1);
  });

  it('passes navigation to the page for SCOs that exist', () => {
    const onNavigate = vi.fn();
    relay.stop();
    relay = new WbtRelay({
      win: window,
      frame,
      tracking: null,
      onNavigate,
    });
    relay.setLaunch(launch);
    deliver({ v: 1, type: 'navigate', sco: 1 });
    deliver({ v: 1, type: 'navigate', sco: 2 });
    expect(onNavigate).toHaveBeenCalledTimes(1);
    expect(onNavigate).toHaveBeenCalledWith(1);
  });
});
