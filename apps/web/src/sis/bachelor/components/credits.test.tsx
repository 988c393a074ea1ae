import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { ConversionList, StudentCredits, Transfer } from '@lantern/contracts/bachelor-credits';
import { jsonResponse, renderWithProviders, urlOf } from '../../../test/render';
import { previewConversion } from './conversion-preview';
import { ConversionsCard } from './conversions-card';
import { CreditsPanel } from './credits-panel';
import { TransferSideBySide } from './transfer-side-by-side';

const LIST: ConversionList = {
  programmeSchemaId: 2,
  schemas: [
    { id: 1, name: 'Percentage', version: 1, scaleMax: 100, passMark: 60 },
    { id: 2, name: 'Four-point', version: 1, scaleMax: 4, passMark: 2 },
  ],
  conversions: [
    {
      id: 11,
      fromSchemaId: 1,
      fromSchemaName: 'Percentage',
      toSchemaId: 2,
      toSchemaName: 'Four-point',
      version: 2,
      rules: [
        { min: 80, grade: 3.5, label: 'A-' },
        { min: 0, grade: 0, label: 'F' },
      ],
      createdBy: null,
      createdAt: '2026-11-01T00:00:00.000Z',
      current: true,
    },
    {
      id: 10,
      fromSchemaId: 1,
      fromSchemaName: 'Percentage',
      toSchemaId: 2,
      toSchemaName: 'Four-point',
      version: 1,
      rules: [{ min: 0, grade: 1 }],
      createdBy: null,
      createdAt: '2026-10-01T00:00:00.000Z',
      current: false,
    },
  ],
};

describe('previewConversion', () => {
  it('converts as the server will: the current version, a given scale in proportion, the same schema as is', () => {
    expect(previewConversion(LIST, { grade: 82, schemaId: 1, scaleMax: null })).toBe(
      '3.5 A- (Four-point, conversion version 2)',
    );
    expect(previewConversion(LIST, { grade: 8, schemaId: null, scaleMax: 10 })).toBe(
      '3.2 (Four-point, in proportion to a scale of 10)',
    );
    expect(previewConversion(LIST, { grade: 3, schemaId: 2, scaleMax: null })).toBe(
      '3 (Four-point, same schema)',
    );
    expect(previewConversion(LIST, { grade: null, schemaId: 1, scaleMax: null })).toBeNull();
    expect(
      previewConversion({ ...LIST, conversions: [] }, { grade: 82, schemaId: 1, scaleMax: null }),
    ).toContain('No conversion');
  });
});

const CREDITS: StudentCredits = {
  enrolmentId: 5,
  jwlId: 1234,
  name: 'Maria Alvarez',
  progress: 7,
  required: 9,
  entries: [
    {
      id: 1,
      kind: 'earned',
      courseId: 1,
      courseCode: 'LIB110',
      courseTitle: 'Academic writing',
      credits: 3,
      gradeEventId: 77,
      transferId: null,
      replacesEntryId: null,
      source: 'Course result LIB110',
      sourceGrade: 3.2,
      sourceSchema: 'Four-point',
      sourceSchemaVersion: 1,
      convertedGrade: null,
      conversionId: null,
      conversionVersion: null,
      approvedBy: null,
      createdAt: '2026-11-02T10:00:00.000Z',
    },
    {
      id: 2,
      kind: 'transfer-in',
      courseId: 3,
      courseCode: 'LIB130',
      courseTitle: 'Statistics',
      credits: 4,
      gradeEventId: null,
      transferId: 9,
      replacesEntryId: null,
      source: 'Open University: Statistics I',
      sourceGrade: 82,
      sourceSchema: 'Percentage',
      sourceSchemaVersion: 1,
      convertedGrade: 3.5,
      conversionId: 11,
      conversionVersion: 2,
      approvedBy: 'Ana Ruiz',
      createdAt: '2026-11-03T10:00:00.000Z',
    },
  ],
};

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation((input) =>
    Promise.resolve(
      urlOf(input).includes('/students/5/credits')
        ? jsonResponse(CREDITS)
        : urlOf(input).includes('/conversions')
          ? jsonResponse(LIST)
          : jsonResponse({ detail: 'no', code: 'NOT_FOUND' }, 404),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CreditsPanel', () => {
  it('shows the progress of the ledger and each entry in words with its provenance', async () => {
    renderWithProviders(<CreditsPanel programmeId={512} enrolmentId={5} />);
    expect(await screen.findByText('7 of 9 credits')).toBeVisible();
    expect(
      screen.getByRole('progressbar', { name: 'Degree progress 7 of 9 credits' }),
    ).toBeVisible();
    const rows = screen.getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Earned in a course');
    expect(rows[1]).toHaveTextContent('+3');
    expect(rows[2]).toHaveTextContent('Transferred in');
    expect(rows[2]).toHaveTextContent('82 (Percentage v1)');
    expect(rows[2]).toHaveTextContent('3.5 (conversion v2)');
    expect(rows[2]).toHaveTextContent('Ana Ruiz');
  });
});

describe('TransferSideBySide', () => {
  it('puts the source grade beside the converted one and names the conversion version', () => {
    const transfer: Transfer = {
      id: 9,
      version: 1,
      direction: 'in',
      kind: 'external',
      state: 'proposed',
      enrolmentId: 5,
      jwlId: 1234,
      studentName: 'Maria Alvarez',
      courseId: 3,
      courseCode: 'LIB130',
      courseTitle: 'Statistics',
      source: 'Open University',
      sourceCourse: 'Statistics I',
      sourceGrade: 82,
      sourceSchema: 'Percentage',
      sourceSchemaVersion: 1,
      sourceScaleMax: null,
      convertedGrade: 3.5,
      convertedLabel: 'A-',
      targetSchema: 'Four-point',
      conversionId: 11,
      conversionVersion: 2,
      credits: 4,
      reason: null,
      proposedBy: 'Ana Ruiz',
      decidedBy: null,
      decidedAt: null,
      createdAt: '2026-11-03T10:00:00.000Z',
      ledgerEntryId: null,
    };
    renderWithProviders(<TransferSideBySide transfer={transfer} />);
    expect(screen.getByText('82 (Percentage, version 1)')).toBeVisible();
    expect(screen.getByText('3.5 A- (Four-point, conversion version 2)')).toBeVisible();
    expect(screen.getByText('Open University: Statistics I')).toBeVisible();
  });
});

describe('ConversionsCard', () => {
  it('lists every version, marks the one in use, and offers a new version to editors only', async () => {
    const { unmount } = renderWithProviders(<ConversionsCard programmeId={512} mayEdit />);
    await screen.findAllByText('Percentage → Four-point');
    const rows = screen.getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Percentage → Four-point');
    expect(rows[1]).toHaveTextContent('2 (in use)');
    expect(rows[1]).toHaveTextContent('≥ 80 → 3.5 A- · ≥ 0 → 0 F');
    expect(rows[2]).not.toHaveTextContent('in use');
    expect(screen.getByRole('button', { name: 'New version' })).toBeVisible();
    unmount();
    renderWithProviders(<ConversionsCard programmeId={512} mayEdit={false} />);
    await screen.findAllByText('Percentage → Four-point');
    expect(screen.queryByRole('button', { name: 'New version' })).toBeNull();
  });
});
