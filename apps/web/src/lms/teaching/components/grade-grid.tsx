import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TaskState } from '@lantern/contracts/learning-enums';
import type { GradeBookCell } from '@lantern/contracts/teaching';
import { displayError } from '../../../lib/errors';
import { useSaveGradeBookCell } from '../api/save-grade-book-cell';
import { taskStateLabel } from '../labels';
import './grade-grid.css';
import {
  CELL_PX,
  LEARNER_PX,
  ROW_PX,
  TOTAL_PX,
  cellDomId,
  cellKey,
  editable,
  historyPath,
  type Actions,
  type Column,
  type Row,
  type Texts,
} from './grade-grid-layout';
import { GridHeader, GridRow } from './grade-grid-rows';

/** Rows kept in the DOM beyond each edge of the view: with the view, under two screens. */
const OVERSCAN = 3;
const COLUMN_OVERSCAN = 2;
const STATES: TaskState[] = ['not_started', 'draft', 'submitted', 'graded', 'returned'];

/** The default range plus one index (the roving tab stop's row or column), kept in the DOM. */
const keeping = (index: number) => (range: Range) => {
  const indexes = defaultRangeExtractor(range);
  if (index < 0 || index >= range.count || indexes.includes(index)) return indexes;
  return [...indexes, index].sort((a, b) => a - b);
};

/** Whether focus is in something the person types into or picks from (not to be taken away). */
const inField = (element: Element | null): boolean =>
  element instanceof HTMLElement &&
  (element.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName));

/**
 * The grade book grid: role="grid" with one roving tab stop; arrows move, Enter edits, Escape
 * cancels. Rows are virtual (only those on screen and a few more are in the DOM) and fetched
 * 50 at a time as the end comes near. The learner column and the header stay in place. A row
 * renders again only when its own cells, focus or edit change, not at every scroll step.
 */
export function GradeGrid(props: {
  courseId: number;
  columns: Column[];
  rows: Row[];
  mayEdit: boolean;
  hasMore: boolean;
  onNeedMore: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { columns, rows, courseId, mayEdit } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState({ row: 0, col: 0 });
  const [editing, setEditing] = useState<string | null>(null);
  const [local, setLocal] = useState<Record<string, GradeBookCell>>({});
  const [conflicts, setConflicts] = useState<Record<string, string>>({});
  const save = useSaveGradeBookCell();
  const navigate = useNavigate();
  const keepRow = useMemo(() => keeping(active.row), [active.row]);
  const keepColumn = useMemo(() => keeping(active.col - 1), [active.col]);
  // The columns are virtual too: a row holds the columns in view (about ten at 1280 px), not
  // all of them. This one is made first, so that at a scroll event it reads the offset before
  // the rows' virtualizer has rendered (reading it after would force a layout at every step).
  const rtl = document.documentElement.dir === 'rtl';
  // The virtualizer's measurements change on every scroll; this component is left to React's
  // ordinary re-rendering rather than the compiler's memoisation, which is what the rule says.
  // eslint-disable-next-line react-hooks/incompatible-library
  const across = useVirtualizer({
    horizontal: true,
    isRtl: rtl,
    count: columns.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => CELL_PX,
    overscan: COLUMN_OVERSCAN,
    paddingStart: LEARNER_PX,
    paddingEnd: TOTAL_PX * 2,
    // The learner column stays in place over the first 200 px, so a cell moved to is not under it.
    scrollPaddingStart: LEARNER_PX,
    rangeExtractor: keepColumn,
  });
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_PX,
    overscan: OVERSCAN,
    rangeExtractor: keepRow,
  });
  const items = virtual.getVirtualItems();
  // As a string first, so that the rows see the same array until the columns in view change.
  const shownKey = across
    .getVirtualItems()
    .map((c) => c.index)
    .join(',');
  const shown = useMemo(() => (shownKey === '' ? [] : shownKey.split(',').map(Number)), [shownKey]);
  const lastIndex = items.at(-1)?.index ?? 0;
  const { hasMore, onNeedMore } = props;
  useEffect(() => {
    if (hasMore && lastIndex >= rows.length - 10) onNeedMore();
  }, [hasMore, lastIndex, rows.length, onNeedMore]);

  // Once its first rows are there, the grid takes keyboard focus on its first cell, so that a
  // grader moves and types at once (issue 15); never away from a field the person is in.
  // The virtualizer puts the first row in the DOM only once it has measured the scroller.
  const tookFocus = useRef(false);
  const firstShown = items[0]?.index === 0;
  useEffect(() => {
    if (tookFocus.current || !firstShown) return;
    const first = document.getElementById(cellDomId(courseId, 0, 0));
    if (!first) return;
    tookFocus.current = true;
    if (!inField(document.activeElement)) first.focus({ preventScroll: true });
  }, [firstShown, courseId]);

  const focusCell = (r: number, c: number) => {
    const row = Math.max(0, Math.min(rows.length - 1, r));
    const col = Math.max(0, Math.min(columns.length, c));
    setActive({ row, col });
    virtual.scrollToIndex(row, { align: 'auto' });
    if (col > 0) across.scrollToIndex(col - 1, { align: 'auto' });
    requestAnimationFrame(() => document.getElementById(cellDomId(courseId, row, col))?.focus());
  };

  const commit = (row: Row, col: Column, text: string) => {
    const k = cellKey(row, col);
    const cell = local[k] ?? row.cells[columns.indexOf(col)];
    setEditing(null);
    const points = text.trim() === '' ? null : Number(text.replace(',', '.'));
    if (points !== null && Number.isNaN(points)) {
      setConflicts((c) => ({ ...c, [k]: t('teaching.gradeBook.notNumber', 'Enter a number.') }));
      return;
    }
    if (!cell || points === cell[1]) return;
    save.mutate(
      {
        courseId,
        data: { itemId: col.id, studentId: row.studentId, points, version: cell[4] },
      },
      {
        onSuccess: (result) => {
          setLocal((l) => ({ ...l, [k]: result.cell }));
          setConflicts((c) => ({ ...c, [k]: '' }));
          props.onSaved();
        },
        onError: (error) => {
          // The other grader's value stays; this cell says what happened.
          setConflicts((c) => ({ ...c, [k]: displayError(error) }));
          props.onSaved();
        },
      },
    );
  };

  // The rows call the latest handlers through one object that never changes.
  const latest = useRef<Actions | null>(null);
  useEffect(() => {
    latest.current = {
      activate: (row, col) => {
        setActive({ row, col });
      },
      edit: (key) => {
        setEditing(key);
      },
      commit,
      move: focusCell,
      cancel: (row, col) => {
        setEditing(null);
        focusCell(row, col);
      },
    };
  });
  const actions = useMemo<Actions>(
    () => ({
      activate: (row, col) => latest.current?.activate(row, col),
      edit: (key) => latest.current?.edit(key),
      commit: (row, col, text) => latest.current?.commit(row, col, text),
      move: (row, col) => latest.current?.move(row, col),
      cancel: (row, col) => latest.current?.cancel(row, col),
    }),
    [],
  );
  const texts = useMemo<Texts>(
    () => ({
      states: Object.fromEntries(STATES.map((s) => [s, taskStateLabel(t, s)])) as Record<
        TaskState,
        string
      >,
      late: t('teaching.late', 'late'),
      enter: (name) => t('teaching.gradeBook.enter', 'Points for {{name}}', { name }),
    }),
    [t],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (editing !== null) return;
    const { row, col } = active;
    const moves: Record<string, [number, number]> = {
      ArrowDown: [row + 1, col],
      ArrowUp: [row - 1, col],
      ArrowRight: [row, col + 1],
      ArrowLeft: [row, col - 1],
      PageDown: [row + 10, col],
      PageUp: [row - 10, col],
      Home: [row, 0],
      End: [row, columns.length],
    };
    const keyName =
      rtl && event.key === 'ArrowRight'
        ? 'ArrowLeft'
        : rtl && event.key === 'ArrowLeft'
          ? 'ArrowRight'
          : event.key;
    const to = moves[keyName];
    if (to) {
      event.preventDefault();
      focusCell(to[0], to[1]);
      return;
    }
    const r = rows[row];
    const c = columns[col - 1];
    // Enter on a learner's name opens their grade history (the name is a link, not a tab stop).
    if (event.key === 'Enter' && col === 0 && r) {
      event.preventDefault();
      void navigate(historyPath(r, courseId));
      return;
    }
    if (event.key === 'Enter' && r && c && editable(mayEdit, r, c)) {
      event.preventDefault();
      setEditing(cellKey(r, c));
    }
  };

  const width = LEARNER_PX + columns.length * CELL_PX + TOTAL_PX * 2;
  return (
    <div
      ref={scroller}
      role="grid"
      aria-label={t('teaching.gradeBook.grid', 'Grade book')}
      aria-rowcount={rows.length + 1}
      aria-colcount={columns.length + 3}
      onKeyDown={onKeyDown}
      // On a phone the grid scrolls sideways: the scrolling box itself takes focus so the
      // keyboard reaches the columns beyond the edge even before a cell is chosen.
      tabIndex={0}
      className="grade-grid"
    >
      <GridHeader columns={columns} shown={shown} width={width} />
      <div
        role="rowgroup"
        className="grade-grid-body"
        style={{ blockSize: virtual.getTotalSize(), inlineSize: width }}
      >
        {items.map((v) => {
          const row = rows[v.index];
          if (!row) return null;
          const editingHere =
            editing !== null && editing.startsWith(`${String(row.studentId)}:`) ? editing : null;
          return (
            <GridRow
              key={row.studentId}
              row={row}
              index={v.index}
              start={v.start}
              width={width}
              columns={columns}
              shown={shown}
              courseId={courseId}
              activeCol={active.row === v.index ? active.col : -1}
              editing={editingHere}
              local={local}
              conflicts={conflicts}
              mayEdit={mayEdit}
              texts={texts}
              actions={actions}
            />
          );
        })}
      </div>
    </div>
  );
}
