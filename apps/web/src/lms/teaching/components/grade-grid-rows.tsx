import { memo } from 'react';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GradeBookCell } from '@lantern/contracts/teaching';
import { pointsText } from '../labels';
import {
  CELL_PX,
  TOTAL_PX,
  cellDomId,
  cellKey,
  columnStart,
  editable,
  historyPath,
  placed,
  type Actions,
  type Column,
  type Row,
  type Texts,
} from './grade-grid-layout';

/** The header row: it renders again only when the columns in view change. */
export const GridHeader = memo(function GridHeader(props: {
  columns: Column[];
  shown: number[];
  width: number;
}) {
  const { t } = useTranslation();
  const { columns } = props;
  const n = columns.length;
  return (
    <div
      role="row"
      aria-rowindex={1}
      className="grade-grid-head-row"
      style={{ inlineSize: props.width }}
    >
      <div role="columnheader" aria-colindex={1} className="grade-grid-head grade-grid-learner">
        {t('teaching.student', 'Student')}
      </div>
      {props.shown.map((i) => {
        const col = columns[i];
        if (!col) return null;
        return (
          <div
            key={col.id}
            role="columnheader"
            aria-colindex={i + 2}
            className="grade-grid-head"
            style={placed(columnStart(i), CELL_PX)}
            title={col.title}
          >
            <Text size="xs" fw={700} lineClamp={2}>
              {col.title}
            </Text>
            <Text size="xs" c="gray.8">
              {t('teaching.gradeBook.max', 'of {{max}}', { max: pointsText(col.maxPoints) })}
            </Text>
          </div>
        );
      })}
      <div
        role="columnheader"
        aria-colindex={n + 2}
        className="grade-grid-head"
        style={placed(columnStart(n), TOTAL_PX)}
      >
        {t('teaching.gradeBook.points', 'Points')}
      </div>
      <div
        role="columnheader"
        aria-colindex={n + 3}
        className="grade-grid-head"
        style={placed(columnStart(n) + TOTAL_PX, TOTAL_PX)}
      >
        {t('teaching.gradeBook.result', 'Result (so far)')}
      </div>
    </div>
  );
});

/**
 * One learner's row: the learner, the cells of the columns in view, the totals; `activeCol` is
 * the roving tab stop's column in it, else -1.
 */
export const GridRow = memo(function GridRow(props: {
  row: Row;
  index: number;
  start: number;
  width: number;
  columns: Column[];
  shown: number[];
  courseId: number;
  activeCol: number;
  editing: string | null;
  local: Record<string, GradeBookCell>;
  conflicts: Record<string, string>;
  mayEdit: boolean;
  texts: Texts;
  actions: Actions;
}) {
  const { row, index, columns, texts, actions } = props;
  const name = `${row.firstName} ${row.lastName}`;
  const n = columns.length;
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      className="grade-grid-row"
      style={{ insetBlockStart: props.start, inlineSize: props.width }}
    >
      <div
        role="rowheader"
        aria-colindex={1}
        id={cellDomId(props.courseId, index, 0)}
        tabIndex={props.activeCol === 0 ? 0 : -1}
        onFocus={() => {
          actions.activate(index, 0);
        }}
        className="grade-grid-cell grade-grid-learner"
      >
        <Link
          to={historyPath(row, props.courseId)}
          tabIndex={-1}
          className="grade-grid-learner-link"
        >
          {row.lastName}, {row.firstName}
        </Link>
      </div>
      {props.shown.map((ci) => {
        const col = columns[ci];
        if (!col) return null;
        const k = cellKey(row, col);
        const cell = props.local[k] ?? row.cells[ci];
        const conflict = props.conflicts[k];
        const label = cell ? texts.states[cell[0]] : '';
        const mayEnter = editable(props.mayEdit, row, col);
        return (
          <div
            key={col.id}
            role="gridcell"
            aria-colindex={ci + 2}
            id={cellDomId(props.courseId, index, ci + 1)}
            tabIndex={props.activeCol === ci + 1 ? 0 : -1}
            aria-label={`${name}, ${col.title}: ${cell && cell[1] !== null ? pointsText(cell[1]) : label}`}
            onFocus={() => {
              actions.activate(index, ci + 1);
            }}
            onDoubleClick={() => {
              if (mayEnter) actions.edit(k);
            }}
            aria-readonly={props.mayEdit && !mayEnter ? true : undefined}
            className="grade-grid-cell"
            data-conflict={conflict ? true : undefined}
            data-readonly={props.mayEdit && !mayEnter ? true : undefined}
            style={placed(columnStart(ci), CELL_PX)}
            title={conflict || undefined}
          >
            {props.editing === k ? (
              <input
                autoFocus
                aria-label={texts.enter(name)}
                defaultValue={cell && cell[1] !== null ? String(cell[1]) : ''}
                inputMode="decimal"
                className="grade-grid-input"
                onKeyDown={(e) => {
                  e.stopPropagation();
                  if (e.key === 'Enter') {
                    actions.commit(row, col, e.currentTarget.value);
                    actions.move(index + 1, ci + 1);
                  }
                  if (e.key === 'Escape') actions.cancel(index, ci + 1);
                }}
                onBlur={(e) => {
                  if (props.editing === k) actions.commit(row, col, e.currentTarget.value);
                }}
              />
            ) : cell ? (
              <>
                {cell[1] !== null ? (
                  <strong className={cell[2] ? 'grade-grid-published' : 'grade-grid-draft'}>
                    {pointsText(cell[1])}
                  </strong>
                ) : (
                  <span className="grade-grid-state">
                    {cell[0] === 'not_started' ? '—' : label}
                  </span>
                )}
                {cell[3] ? <span className="grade-grid-late">{texts.late}</span> : null}
                {conflict ? (
                  <span role="alert" className="grade-grid-alert">
                    {conflict}
                  </span>
                ) : null}
              </>
            ) : null}
          </div>
        );
      })}
      <div
        role="gridcell"
        aria-colindex={n + 2}
        className="grade-grid-cell"
        style={placed(columnStart(n), TOTAL_PX)}
      >
        {pointsText(row.points)}
      </div>
      <div
        role="gridcell"
        aria-colindex={n + 3}
        className="grade-grid-cell"
        style={placed(columnStart(n) + TOTAL_PX, TOTAL_PX)}
      >
        {row.result === null ? '—' : pointsText(row.result)}
        {row.soFar === null ? '' : ` (${pointsText(row.soFar)})`}
      </div>
    </div>
  );
});
