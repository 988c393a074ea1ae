import { chromium, type Page } from 'playwright-core';
import { quantile } from '../lib/people';
import { log, median, result, type Result } from '../lib/report';
import { STUDENTS, USERNAME } from './grade-book-setup';

const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';
const BROWSER_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const VIEWPORT = { width: 1280, height: 720 };
const NAVIGATIONS = 5;
/** Pixels scrolled a frame: a quick wheel fling, three to four rows at each frame. */
const SCROLL_STEP_PX = 120;

/** What the page records of itself: when a grid cell first took focus (ms after navigation). */
declare global {
  interface Window {
    gbFocusAt?: number;
    gbFocusId?: string;
  }
}

type Navigation = { focusMs: number; dataMs: number; cellId: string };

/**
 * One navigation to the grade book in the signed-in page: the time from navigation start to
 * the first grid cell holding keyboard focus, and to the end of the grade book's answer.
 */
async function navigate(page: Page, url: string): Promise<Navigation> {
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.gbFocusAt !== undefined, undefined, {
    timeout: 30_000,
  });
  return page.evaluate(() => {
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const answer = resources.find((e) => e.name.includes('/grade-book?'));
    return {
      focusMs: window.gbFocusAt ?? Number.NaN,
      dataMs: answer ? answer.responseEnd : Number.NaN,
      cellId: window.gbFocusId ?? '',
    };
  });
}

type Scroll = {
  frames: number[];
  /** The frames (of `frames`) in which a page of rows arrived and was rendered. */
  arrivals: number[];
  idleFrames: number[];
  maxDomRows: number;
  screenRows: number;
  rowsLoaded: number;
  waitingMs: number;
  scrollMs: number;
};

/**
 * In the page: idle frames first (the floor), then the grid scrolled SCROLL_STEP_PX a frame to
 * its last row, waiting at the end of the loaded rows while the next 50 come. A frame's time is
 * from one animation frame to the next after a scroll step (the scroll, React's render, layout
 * and paint); the DOM rows are counted at every frame.
 */
async function scrollGrid(page: Page, total: number): Promise<Scroll> {
  return page.evaluate(
    async ({ total, step }) => {
      const grid = document.querySelector<HTMLElement>('[role="grid"]');
      const body = grid?.querySelector<HTMLElement>(':scope > [role="rowgroup"]');
      const header = grid?.querySelector<HTMLElement>(':scope > [role="row"]');
      const firstRow = body?.querySelector<HTMLElement>('[role="row"]');
      if (!grid || !body || !header || !firstRow)
        throw new Error('The grade book grid is not there.');
      const rowPx = firstRow.getBoundingClientRect().height;
      const screenRows = Math.ceil((grid.clientHeight - header.offsetHeight) / rowPx);
      // No named functions in here: tsx would wrap them in a helper the page does not have.
      const idleFrames: number[] = [];
      let last = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
      for (let i = 0; i < 120; i += 1) {
        const now = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
        idleFrames.push(now - last);
        last = now;
      }
      const frames: number[] = [];
      const arrivals: number[] = [];
      let loadedBefore = Number(grid.getAttribute('aria-rowcount')) - 1;
      let maxDomRows = body.children.length;
      let waitingMs = 0;
      let stepped = false;
      const started = performance.now();
      last = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
      for (;;) {
        const now = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
        const loaded = Number(grid.getAttribute('aria-rowcount')) - 1;
        if (stepped) {
          frames.push(now - last);
          if (loaded !== loadedBefore) arrivals.push(now - last);
        } else waitingMs += now - last;
        loadedBefore = loaded;
        last = now;
        maxDomRows = Math.max(maxDomRows, body.children.length);
        const bottom = grid.scrollHeight - grid.clientHeight;
        stepped = grid.scrollTop < bottom - 1;
        if (stepped) grid.scrollTop = Math.min(bottom, grid.scrollTop + step);
        else if (loaded >= total) break;
        if (now - started > 180_000)
          throw new Error(`Scrolling stopped at ${String(loaded)} of ${String(total)} rows.`);
      }
      return {
        frames,
        arrivals,
        idleFrames,
        maxDomRows,
        screenRows,
        rowsLoaded: Number(grid.getAttribute('aria-rowcount')) - 1,
        waitingMs,
        scrollMs: performance.now() - started,
      };
    },
    { total, step: SCROLL_STEP_PX },
  );
}

/**
 * The browser half: headless Chromium signed in as lead faculty opens the grade book of the
 * course NAVIGATIONS times (focus time each), then scrolls the last one through every row.
 */
export async function measureBrowser(appUrl: string, courseId: number): Promise<Result[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: BROWSER_ARGS });
  try {
    const page = await browser.newPage({ viewport: VIEWPORT });
    await page.addInitScript(() => {
      document.addEventListener('focusin', (event) => {
        const target = event.target;
        if (window.gbFocusAt !== undefined || !(target instanceof HTMLElement)) return;
        if (
          target.closest('[role="grid"]') &&
          /^(gridcell|rowheader)$/.test(target.getAttribute('role') ?? '')
        ) {
          window.gbFocusAt = performance.now();
          window.gbFocusId = target.id;
        }
      });
    });
    await page.goto(`${appUrl}/en/login`);
    await page.getByRole('textbox', { name: 'Username' }).fill(USERNAME);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('lantern-demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => !u.pathname.endsWith('/login'), { timeout: 30_000 });

    const url = `${appUrl}/en/course/${String(courseId)}/grade-book`;
    const navigations: Navigation[] = [];
    for (let i = 0; i < NAVIGATIONS; i += 1) navigations.push(await navigate(page, url));
    // Keyboard focus, not only the focus event: the arrow key moves it to the next cell.
    const first = navigations.at(-1)?.cellId ?? '';
    const next = first.replace(/-0-0$/, '-0-1');
    await page.keyboard.press('ArrowRight');
    // The grid moves focus at the next animation frame.
    await page
      .waitForFunction((id) => document.activeElement?.id === id, next, { timeout: 5000 })
      .catch(() => undefined);
    const moved = await page.evaluate(() => document.activeElement?.id ?? '');
    if (!first.endsWith('-0-0') || moved !== next)
      throw new Error(
        `The grid's first cell did not take keyboard focus (focus on "${first}", then "${moved}" after ArrowRight).`,
      );

    const scroll = await scrollGrid(page, STUDENTS);
    const focusMs = navigations.map((n) => n.focusMs);
    const dataMs = navigations.map((n) => n.dataMs);
    const focusP50 = median(focusMs);
    const dataP50 = median(dataMs);
    const frameP95 = quantile(scroll.frames, 0.95);
    const idleP95 = quantile(scroll.idleFrames, 0.95);
    const round = (xs: number[]) => xs.map((x) => Number(x.toFixed(1)));
    // Frames by how many display refreshes (of the idle frame time) they took: 1, 2, 3 or more.
    const refresh = median(scroll.idleFrames);
    const vsyncs = (xs: number[]) => {
      const counts = [0, 0, 0];
      for (const x of xs) {
        const n = Math.min(3, Math.max(1, Math.round(x / refresh)));
        counts[n - 1] = (counts[n - 1] ?? 0) + 1;
      }
      return counts;
    };
    const histogram = vsyncs(scroll.frames);
    const arrivalHistogram = vsyncs(scroll.arrivals);
    log(
      `  browser: first cell focused ${focusP50.toFixed(0)} ms after navigation (median of ${String(NAVIGATIONS)}: ${focusMs.map((x) => x.toFixed(0)).join(', ')}; the answer ended at ${dataP50.toFixed(0)} ms)`,
    );
    log(
      `  browser: scrolled ${String(scroll.rowsLoaded)} rows in ${(scroll.scrollMs / 1000).toFixed(1)} s (${(scroll.waitingMs / 1000).toFixed(1)} s waiting for rows), ${String(scroll.frames.length)} frames: p50 ${quantile(scroll.frames, 0.5).toFixed(1)} ms, p95 ${frameP95.toFixed(1)} ms, max ${Math.max(...scroll.frames).toFixed(1)} ms (idle p95 ${idleP95.toFixed(1)} ms); frames of 1, 2, ≥ 3 refreshes: ${histogram.join(', ')} (of them with a page of rows arriving: ${arrivalHistogram.join(', ')}); DOM rows at most ${String(scroll.maxDomRows)}, ${String(scroll.screenRows)} on a screen`,
    );
    if (scroll.rowsLoaded !== STUDENTS)
      throw new Error(`The grid held ${String(scroll.rowsLoaded)} rows, not ${String(STUDENTS)}.`);
    const common = {
      viewport: `${String(VIEWPORT.width)}×${String(VIEWPORT.height)}`,
      chromium: browser.version(),
    };
    return [
      result({
        scenario: 'grade-book',
        name: 'grade book in Chromium: first cell focused after navigation, median',
        unit: 'ms',
        value: focusP50,
        floor: dataP50,
        target: { on: 'value', op: '<=', limit: 1500 },
        detail: {
          ...common,
          focusMs: round(focusMs),
          answerEndMs: round(dataMs),
          keyboard: `focus on ${first}, ArrowRight → ${moved}`,
          note: `${String(NAVIGATIONS)} navigations (page.goto, same signed-in tab, assets cached after the first) to /en/course/:id/grade-book as ${USERNAME}; the value is performance.now() at the first focusin on a cell of the grid; floor = responseEnd of the page's GET …/grade-book (Resource Timing)`,
        },
      }),
      result({
        scenario: 'grade-book',
        name: `grade book in Chromium: scrolling ${String(STUDENTS)} rows, p95 frame`,
        unit: 'ms',
        value: frameP95,
        floor: idleP95,
        target: { on: 'value', op: '<=', limit: 33 },
        detail: {
          ...common,
          frames: scroll.frames.length,
          frameP50ms: Number(quantile(scroll.frames, 0.5).toFixed(2)),
          frameMaxMs: Number(Math.max(...scroll.frames).toFixed(2)),
          framesBy1And2And3PlusRefreshes: histogram,
          arrivalFramesBy1And2And3PlusRefreshes: arrivalHistogram,
          scrollMs: Math.round(scroll.scrollMs),
          waitingMs: Math.round(scroll.waitingMs),
          note: `scrollTop += ${String(SCROLL_STEP_PX)} px in each requestAnimationFrame until the last of ${String(STUDENTS)} rows (pausing at the end of the loaded rows while the next 50 load); a frame = rAF to rAF after a step; floor = p95 of 120 idle frames on the same page`,
        },
      }),
      result({
        scenario: 'grade-book',
        name: 'grade book in Chromium: DOM rows while scrolling vs one screen',
        unit: 'rows',
        value: scroll.maxDomRows,
        floor: scroll.screenRows,
        target: { on: 'ratio', op: '<=', limit: 2 },
        detail: {
          ...common,
          note: 'the most row elements in the grid body at any frame of the scroll; floor = the rows one screen of the grid shows (its height less the header, ÷ the row height, rounded up)',
        },
      }),
    ];
  } finally {
    await browser.close();
  }
}
