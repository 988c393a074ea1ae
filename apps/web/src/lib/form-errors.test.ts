import { describe, expect, it, vi } from 'vitest';
import { VALIDATION } from '@lantern/contracts/messages';
import { ApiError } from './api-errors';
import { applyFieldErrors, fieldMessage } from './form-errors';

type Values = { firstName: string; email: string; phone: string; clcIds: number[] };

const badRequest = (fields: Record<string, string>) =>
  new ApiError({ kind: 'response', status: 400, code: 'VALIDATION', message: 'x', fields });

describe('server field errors on a form', () => {
  it('puts each message by its field, for a create and for an edit sent as { version, data }', () => {
    const setError = vi.fn();
    const error = badRequest({
      phone: VALIDATION.phone,
      'data.email': VALIDATION.email,
      'data.clcIds': VALIDATION.multiSelect,
    });
    const matched = applyFieldErrors<Values>(error, setError, [
      'firstName',
      'email',
      'phone',
      'clcIds',
    ]);
    expect(matched).toBe(true);
    expect(setError.mock.calls).toEqual([
      ['email', { type: 'server', message: VALIDATION.email }],
      ['phone', { type: 'server', message: VALIDATION.phone }],
      ['clcIds', { type: 'server', message: VALIDATION.multiSelect }],
    ]);
  });

  it('reports no match for fields the form does not have, or for other failures', () => {
    const setError = vi.fn();
    expect(applyFieldErrors<Values>(badRequest({ version: 'x' }), setError, ['email'])).toBe(false);
    expect(applyFieldErrors<Values>(new Error('boom'), setError, ['email'])).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });

  it('prefers the plain name over the data. name', () => {
    expect(fieldMessage({ email: 'a', 'data.email': 'b' }, 'email')).toBe('a');
    expect(fieldMessage({}, 'email')).toBeUndefined();
  });
});
