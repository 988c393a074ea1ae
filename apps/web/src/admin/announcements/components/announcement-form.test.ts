import { describe, expect, it } from 'vitest';
import { EMPTY_FORM, audienceSummary, toInput } from './announcement-form';

describe('the announcement form', () => {
  it('asks for a title, a body and an audience, with the texts of the contract', () => {
    const result = toInput(EMPTY_FORM, false);
    expect('errors' in result ? result.errors : {}).toMatchObject({
      title: 'This field must be filled',
      body: 'This field must be filled',
      audience: 'Choose who receives it: everyone, or roles, CLCs or programmes.',
    });
  });

  it('sends numbers for CLCs and programmes, and everyone without parts', () => {
    const result = toInput(
      { ...EMPTY_FORM, title: 'T', body: 'B', clcIds: ['3'], programmeIds: ['7'] },
      true,
    );
    expect(result).toMatchObject({
      data: { audience: { everyone: false, clcIds: [3], programmeIds: [7] }, publish: true },
    });
    const everyone = toInput(
      { ...EMPTY_FORM, title: 'T', body: 'B', everyone: true, clcIds: ['3'] },
      false,
    );
    expect(everyone).toMatchObject({ data: { audience: { everyone: true, clcIds: [] } } });
  });

  it('refuses an end before the start', () => {
    const result = toInput(
      {
        ...EMPTY_FORM,
        title: 'T',
        body: 'B',
        everyone: true,
        publishFrom: '2026-05-02T10:00',
        publishUntil: '2026-05-01T10:00',
      },
      false,
    );
    expect(result).toEqual({ errors: { publishUntil: 'The end must be after the start.' } });
  });

  it('summarises the audience by name', () => {
    const names = {
      roles: new Map([['STUDENT', 'Student']]),
      clcs: new Map([[1, 'Kakuma CLC']]),
      programmes: new Map<number, string>(),
    };
    expect(
      audienceSummary(
        { everyone: false, roles: ['STUDENT'], clcIds: [1], programmeIds: [] },
        names,
      ),
    ).toBe('Student · Kakuma CLC');
    expect(
      audienceSummary({ everyone: true, roles: [], clcIds: [], programmeIds: [] }, names),
    ).toBe('Everyone');
  });
});
