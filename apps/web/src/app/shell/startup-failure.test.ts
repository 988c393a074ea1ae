import { describe, expect, it } from 'vitest';
import { ApiError, configurationError, networkError } from '../../lib/api-errors';
import { startupFailure } from './startup-failure';

const response = (status: number, code: ApiError['code'] = null) =>
  new ApiError({ kind: 'response', message: 'Refused', status, code });

describe('startupFailure (spec §2 "Startup")', () => {
  it('waits for the sign-in the api client started on a 401', () => {
    expect(startupFailure(response(401, 'UNAUTHENTICATED'), false)).toBe('signingIn');
  });

  it('shows the study break without a response and on 5xx', () => {
    expect(startupFailure(networkError(), false)).toBe('studyBreak');
    expect(startupFailure(response(503, 'INTERNAL'), false)).toBe('studyBreak');
    expect(startupFailure(configurationError(502), false)).toBe('studyBreak');
  });

  it('ends a stale impersonation instead of showing an error', () => {
    expect(startupFailure(response(403, 'IMPERSONATION_DENIED'), true)).toBe('endImpersonation');
  });

  it('sends any other refusal to sign-in', () => {
    expect(startupFailure(response(400, 'VALIDATION'), false)).toBe('signIn');
    expect(startupFailure(response(404, 'NOT_FOUND'), false)).toBe('signIn');
    expect(startupFailure(response(403, 'FORBIDDEN'), true)).toBe('signIn');
    expect(startupFailure(response(403, 'IMPERSONATION_DENIED'), false)).toBe('signIn');
    expect(startupFailure(configurationError(404), false)).toBe('signIn');
  });

  it('shows the generic panel for an answer the app cannot read', () => {
    expect(startupFailure(configurationError(200), false)).toBe('generic');
    expect(startupFailure(configurationError(), false)).toBe('generic');
    expect(startupFailure(new Error('boom'), false)).toBe('generic');
  });
});
