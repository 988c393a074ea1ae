import type { ReactElement } from 'react';
import { Outlet, Route, Routes } from 'react-router';
import type { BachelorSummary } from '@lantern/contracts/bachelor';
import { renderWithProviders } from '../../test/render';

/* What the transfer-in form tests share: a programme, its schemas, a student to pick. */

export const SUMMARY: BachelorSummary = {
  id: 512,
  code: '512',
  title: 'Bachelor of Liberal Studies',
  status: 'running',
  certifyingUniversity: null,
  gradingSchemaId: 2,
  courses: [{ id: 7, code: 'LIB110', title: 'Academic writing', units: 3 }],
  terms: [],
};
export const CONVERSIONS = {
  programmeSchemaId: 2,
  schemas: [
    { id: 1, name: 'Percentage', version: 1, scaleMax: 100, passMark: 60 },
    { id: 2, name: 'Four-point', version: 1, scaleMax: 4, passMark: 2 },
  ],
  conversions: [],
};
export const STUDENTS = {
  items: [
    {
      enrolmentId: 5,
      jwlId: 1234,
      name: 'Maria Alvarez',
      clc: 'Kakuma CLC',
      state: 'active',
      progress: 0,
      entries: 0,
    },
  ],
  total: 1,
  page: 1,
  limit: 50,
};

/** Renders a transfer-in page of programme 512 inside the programme's outlet. */
export function openTransferIn(which: 'internal' | 'external', page: ReactElement) {
  renderWithProviders(
    <Routes>
      <Route path="/en/programme/bachelor/:programme" element={<Outlet context={SUMMARY} />}>
        <Route path={`transfer-in/${which}`} element={page} />
      </Route>
    </Routes>,
    { route: `/en/programme/bachelor/512/transfer-in/${which}` },
  );
}
