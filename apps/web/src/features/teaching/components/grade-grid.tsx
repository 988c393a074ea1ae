import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import type { GradeBook, GradeBookCell } from '@lantern/contracts/teaching';
import { displayError } from '../../../lib/errors';
import { useSaveGradeBookCell } from '../api/save-grade-book-cell';
import { pointsText, taskStateLabel } from '../labels';

type Row = GradeBook['rows'][number];
type Column = GradeBook['columns'][number];

const ROW_PX = 34;
const LEARNER_PX = 200;
const CELL_PX = 104;
const TOTAL_PX = 96;

/**
 * The grade book grid: role="grid" with one roving tab stop; arrows move, Enter edits, Escape
 * cancels. Rows are virtual (only those on screen and a few more are in the DOM) and fetched
 * 50 at a time as the end comes near. The learner column and the header stay in place.
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
  const { columns, rows } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState({ row: 0, col: 0 });
  const [editing, setEditing] = useState<string | null>(null);
  const [local, setLocal] = useState<Record<string, GradeBookCell>>({});
  const [conflicts, setConflicts] = useState<Record<string, string>>({});
  const save = useSaveGradeBookCell();
  // The virtualizer's measurements change on every scroll; this component is left to React's
  // ordinary re-rendering rather than the compiler's memoisation, which is what the rule says.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_PX,
    overscan: 6,
  });
  const items = virtual.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? 0;
  const { hasMore, onNeedMore } = props;
  useEffect(() => {
    if (hasMore && lastIndex >= rows.length - 10) onNeedMore();
  }, [hasMore, lastIndex, rows.length, onNeedMore]);

  const key = (row: Row, col: Column) => `${String(row.studentId)}:${String(col.id)}`;
  const cellId = (r: number, c: number) => `gb-${String(props.courseId)}-${String(r)}-${String(c)}`;
  const focusCell = (r: number, c: number) => {
    const row = Math.max(0, Math.min(rows.length - 1, r));
    const col = Math.max(0, Math.min(columns.length, c));
    setActive({ row, col });
    virtual.scrollToIndex(row, { align: 'auto' });
    requestAnimationFrame(() => document.getElementById(cellId(row, col))?.focus());
  };

  const commit = (row: Row, col: Column, text: string) => {
    const k = key(row, col);
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
        courseId: props.courseId,
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
    const rtl = document.documentElement.dir === 'rtl';
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
    if (event.key === 'Enter' && props.mayEdit && r && c) {
      event.preventDefault();
      setEditing(key(r, c));
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
      style={{
        blockSize: '65vh',
        overflow: 'auto',
        position: 'relative',
        border: '1px solid var(--mantine-color-gray-4)',
      }}
    >
      <div
        role="row"
        aria-rowindex={1}
        style={{
          display: 'flex',
          position: 'sticky',
          insetBlockStart: 0,
          zIndex: 2,
          inlineSize: width,
          background: 'var(--mantine-color-gray-1)',
        }}
      >
        <div
          role="columnheader"
          style={{
            ...headCell(LEARNER_PX),
            position: 'sticky',
            insetInlineStart: 0,
            zIndex: 3,
            background: 'var(--mantine-color-gray-1)',
          }}
        >
          {t('teaching.student', 'Student')}
        </div>
        {columns.map((col) => (
          <div key={col.id} role="columnheader" style={headCell(CELL_PX)} title={col.title}>
            <Text size="xs" fw={700} lineClamp={2}>
              {col.title}
            </Text>
            <Text size="xs" c="gray.8">
              {t('teaching.gradeBook.max', 'of {{max}}', { max: pointsText(col.maxPoints) })}
            </Text>
          </div>
        ))}
        <div role="columnheader" style={headCell(TOTAL_PX)}>
          {t('teaching.gradeBook.points', 'Points')}
        </div>
        <div role="columnheader" style={headCell(TOTAL_PX)}>
          {t('teaching.gradeBook.result', 'Result (so far)')}
        </div>
      </div>
      <div
        role="rowgroup"
        style={{ blockSize: virtual.getTotalSize(), position: 'relative', inlineSize: width }}
      >
        {items.map((v) => {
          const row = rows[v.index];
          if (!row) return null;
          return (
            <div
              key={row.studentId}
              role="row"
              aria-rowindex={v.index + 2}
              style={{
                display: 'flex',
                position: 'absolute',
                insetBlockStart: 0,
                transform: `translateY(${String(v.start)}px)`,
                blockSize: ROW_PX,
                inlineSize: width,
              }}
            >
              <div
                role="rowheader"
                id={cellId(v.index, 0)}
                tabIndex={active.row === v.index && active.col === 0 ? 0 : -1}
                onFocus={() => {
                  setActive({ row: v.index, col: 0 });
                }}
                style={{
                  ...bodyCell(LEARNER_PX),
                  position: 'sticky',
                  insetInlineStart: 0,
                  zIndex: 1,
                  background: 'var(--mantine-color-body)',
                  fontWeight: 600,
                }}
              >
                {row.lastName}, {row.firstName}
              </div>
              {columns.map((col, ci) => {
                const k = key(row, col);
                const cell = local[k] ?? row.cells[ci];
                const conflict = conflicts[k];
                const isActive = active.row === v.index && active.col === ci + 1;
                const label = cell ? taskStateLabel(t, cell[0]) : '';
                return (
                  <div
                    key={col.id}
                    role="gridcell"
                    id={cellId(v.index, ci + 1)}
                    tabIndex={isActive ? 0 : -1}
                    aria-label={`${row.firstName} ${row.lastName}, ${col.title}: ${cell && cell[1] !== null ? pointsText(cell[1]) : label}`}
                    onFocus={() => {
                      setActive({ row: v.index, col: ci + 1 });
                    }}
                    onDoubleClick={() => {
                      if (props.mayEdit) setEditing(k);
                    }}
                    style={{
                      ...bodyCell(CELL_PX),
                      background: conflict ? 'var(--mantine-color-red-0)' : undefined,
                    }}
                    title={conflict || undefined}
                  >
                    {editing === k ? (
                      <input
                        autoFocus
                        aria-label={t('teaching.gradeBook.enter', 'Points for {{name}}', {
                          name: `${row.firstName} ${row.lastName}`,
                        })}
                        defaultValue={cell && cell[1] !== null ? String(cell[1]) : ''}
                        inputMode="decimal"
                        style={{ inlineSize: '100%', font: 'inherit' }}
                        onKeyDown={(e) => {
                          e.stopPropagation();
                          if (e.key === 'Enter') {
                            commit(row, col, e.currentTarget.value);
                            focusCell(v.index + 1, ci + 1);
                          }
                          if (e.key === 'Escape') {
                            setEditing(null);
                            focusCell(v.index, ci + 1);
                          }
                        }}
                        onBlur={(e) => {
                          if (editing === k) commit(row, col, e.currentTarget.value);
                        }}
                      />
                    ) : cell ? (
                      <span>
                        {cell[1] !== null ? (
                          <strong
                            style={{
                              fontWeight: cell[2] ? 700 : 400,
                              fontStyle: cell[2] ? 'normal' : 'italic',
                            }}
                          >
                            {pointsText(cell[1])}
                          </strong>
                        ) : (
                          <span style={{ color: 'var(--mantine-color-gray-7)', fontSize: 12 }}>
                            {cell[0] === 'not_started' ? '—' : label}
                          </span>
                        )}
                        {cell[3] ? (
                          <span
                            style={{
                              color: 'var(--mantine-color-red-9)',
                              fontSize: 11,
                              marginInlineStart: 4,
                            }}
                          >
                            {t('teaching.late', 'late')}
                          </span>
                        ) : null}
                        {conflict ? (
                          <span
                            role="alert"
                            style={{
                              display: 'block',
                              fontSize: 10,
                              color: 'var(--mantine-color-red-9)',
                              lineHeight: 1.1,
                            }}
                          >
                            {conflict}
                          </span>
                        ) : null}
                      </span>
                    ) : null}
                  </div>
                );
              })}
              <div role="gridcell" style={bodyCell(TOTAL_PX)}>
                {pointsText(row.points)}
              </div>
              <div role="gridcell" style={bodyCell(TOTAL_PX)}>
                {row.result === null ? '—' : pointsText(row.result)}
                {row.soFar === null ? '' : ` (${pointsText(row.soFar)})`}
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}

const headCell = (px: number) => ({
  flex: `0 0 ${String(px)}px`,
  padding: '4px 6px',
  borderInlineEnd: '1px solid var(--mantine-color-gray-4)',
  borderBlockEnd: '1px solid var(--mantine-color-gray-5)',
  fontSize: 12,
  fontWeight: 700,
});
const bodyCell = (px: number) => ({
  flex: `0 0 ${String(px)}px`,
  padding: '4px 6px',
  borderInlineEnd: '1px solid var(--mantine-color-gray-3)',
  borderBlockEnd: '1px solid var(--mantine-color-gray-3)',
  fontSize: 13,
  overflow: 'hidden',
  whiteSpace: 'nowrap' as const,
  textOverflow: 'ellipsis',
});
