import { describe, expect, it } from 'vitest';
import type { AppErrorEntry } from '../../../lib/app-store';
import {
  buildIssueReport,
  cleanIssueType,
  helpdeskMailto,
  issueTitle,
  MAILTO_BODY_MAX,
  readableError,
} from './issue-report';

const ERRORS: AppErrorEntry[] = [
  {
    error: 'no response /api/en/a: network.error.serverError',
    page: '/en/home',
    timestamp: '2026-11-21T10:00:00.000Z',
  },
  {
    error: '500 /api/en/b: Internal error',
    page: '/en/profile/view?tab=1',
    timestamp: '2026-11-21T10:05:00.000Z',
  },
];

const input = {
  issueType: 'system-error',
  user: { id: 10001, activeRole: 'ADMIN', impersonatedBy: null },
  errors: ERRORS,
  version: '5.12.5',
  origin: 'https://lantern.example',
  userAgent: 'TestBrowser/1.0',
  reportedAt: new Date('2026-11-21T10:10:00.000Z'),
};

describe('issue report', () => {
  it('names the page after the issue type, with a general title for the rest', () => {
    expect(issueTitle('system-error')).toBe('Report an error');
    expect(issueTitle('anything-else')).toBe('Contact the helpdesk');
    expect(issueTitle(null)).toBe('Contact the helpdesk');
  });

  it('keeps the issue type short and on one line', () => {
    expect(cleanIssueType('a\nb   c')).toBe('a b c');
    expect(cleanIssueType('x'.repeat(200))).toHaveLength(60);
    expect(cleanIssueType(null)).toBe('general');
  });

  it('holds JWL-ID, issue type, and every error with its full address and time, newest first', () => {
    const text = buildIssueReport(input);
    expect(text).toContain('Issue type: system-error');
    expect(text).toContain('JWL-ID: 10001');
    expect(text).toContain('Lantern version: 5.12.5');
    expect(text).toContain('Reported at: 2026-11-21T10:10:00.000Z');
    expect(text).not.toContain('Impersonated by');
    const first = text.indexOf(
      '1. 2026-11-21T10:05:00.000Z  https://lantern.example/en/profile/view?tab=1',
    );
    const second = text.indexOf('2. 2026-11-21T10:00:00.000Z  https://lantern.example/en/home');
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(first);
    expect(text).toContain('   500 /api/en/b: Internal error');
  });

  it('puts the network keys of spec §8 in words', () => {
    expect(readableError('no response /api/en/a: network.error.serverError')).toBe(
      'no response /api/en/a: The Server did not respond. Please try again later.',
    );
    expect(buildIssueReport(input)).toContain(
      '   no response /api/en/a: The Server did not respond. Please try again later.',
    );
  });

  it('names the impersonator, and says when nothing was recorded', () => {
    const text = buildIssueReport({
      ...input,
      errors: [],
      user: { ...input.user, impersonatedBy: { id: 10000, username: 'admin' } },
    });
    expect(text).toContain('Impersonated by: admin (JWL-ID 10000)');
    expect(text).toContain('Recorded errors: none');
  });

  it('fills subject and body of the helpdesk mail, encoded', () => {
    const href = helpdeskMailto(
      'help desk@lantern.example',
      'Lantern: Report an error',
      'A & B?\nC',
    );
    const url = new URL(href);
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe('help%20desk@lantern.example');
    expect(url.searchParams.get('subject')).toBe('Lantern: Report an error');
    expect(url.searchParams.get('body')).toContain('A & B?\nC');
    expect(url.searchParams.get('body')).toContain('attach your screenshot');
  });

  it('cuts a long body at a line end and says where the rest is', () => {
    const many = Array.from({ length: 20 }, (_, i) => ({
      error: `500 /api/en/${i}: ${'x'.repeat(150)}`,
      page: '/en/home',
      timestamp: '2026-11-21T10:00:00.000Z',
    }));
    const href = helpdeskMailto(
      'help@lantern.example',
      'S',
      buildIssueReport({ ...input, errors: many }),
    );
    const body = new URL(href).searchParams.get('body') ?? '';
    expect(body.length).toBeLessThanOrEqual(MAILTO_BODY_MAX);
    expect(body).toContain('JWL-ID: 10001');
    expect(body.endsWith("please paste them from 'Copy details'.")).toBe(true);
  });
});
