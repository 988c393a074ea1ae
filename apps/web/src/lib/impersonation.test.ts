import { afterEach, describe, expect, it, vi } from 'vitest';
import { endImpersonation, startImpersonation } from './impersonation';
import { loadPage, reloadPage } from './page';
import { getImpersonatedUsername } from './storage';

vi.mock('./page', () => ({ reloadPage: vi.fn(), loadPage: vi.fn() }));

afterEach(() => {
  vi.mocked(reloadPage).mockClear();
  vi.mocked(loadPage).mockClear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('impersonation', () => {
  it('ends where the impersonator started, not on the impersonated learner’s page', () => {
    window.history.replaceState(null, '', '/en/student/list?q=amal');
    startImpersonation('student');
    expect(getImpersonatedUsername()).toBe('student');
    expect(reloadPage).toHaveBeenCalledTimes(1);
    // The impersonator goes to the learner's course page; then exits.
    window.history.replaceState(null, '', '/en/course/12');
    endImpersonation();
    expect(getImpersonatedUsername()).toBeNull();
    expect(loadPage).toHaveBeenCalledWith('/en/student/list?q=amal');
  });

  it('ends on the home when this tab did not start it', () => {
    window.history.replaceState(null, '', '/en/course/12');
    endImpersonation();
    expect(loadPage).toHaveBeenCalledWith('/en/home');
  });

  it('never leaves the app on its way back', () => {
    window.sessionStorage.setItem('lantern.impersonationReturn', '//evil.example/en/');
    endImpersonation();
    expect(loadPage).toHaveBeenCalledWith('/en/home');
  });
});
