import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes } from 'react-router';
import { ERROR_TEXTS } from '@lantern/contracts/messages';
import { setMode } from '../../lib/app-store';
import { applyLanguage } from '../../lib/i18n';
import { BASE_DATA } from '../../test/fixtures';
import { fetchCall, jsonResponse, renderWithProviders, urlOf } from '../../test/render';
import { atLaptopWidth } from '../../test/viewport';
import AppLayout from './app-layout';

const fetchMock = vi.fn<typeof fetch>();

const LMS_MENU = [
  { id: 'home', label: 'Home', path: 'learning' },
  {
    id: 'course',
    label: 'Courses',
    path: 'concentration_home/4',
    flyout: 'course',
    children: [],
  },
  { id: 'progress', label: 'Progress', path: 'track' },
];
const SIS_MENU = [{ id: 'home', label: 'Home', path: 'home' }];

type Person = { rights: string[]; role?: string; locale?: string };

const STUDENT: Person = { rights: ['GENERAL_LMS__DISPLAY', 'SUBMISSION__CREATE'] };
const FACILITATOR: Person = {
  rights: ['GENERAL_LMS__DISPLAY', 'GENERAL_SIS__DISPLAY', 'CLASSROOM__DISPLAY'],
};

/** The base-data answers of a person: lms refused with `lmsRefusal`, else both modes. */
function answerAs(person: Person, lmsRefusal?: { status: number; body: unknown }) {
  fetchMock.mockImplementation((input, init) => {
    const url = urlOf(input);
    const user = {
      ...BASE_DATA.user,
      applicationRights: person.rights,
      role: person.role ?? 'user',
      locale: person.locale ?? 'en',
    };
    if (url.startsWith('/api/general/current-user/locale'))
      return Promise.resolve(jsonResponse(JSON.parse(init?.body as string) as unknown));
    if (url.startsWith('/api/general/current-user/lms')) {
      if (lmsRefusal) return Promise.resolve(jsonResponse(lmsRefusal.body, lmsRefusal.status));
      return Promise.resolve(
        jsonResponse({
          user: { ...user, learning: null },
          menu: LMS_MENU,
          basicSystemData: { ...BASE_DATA.basicSystemData, mode: 'lms' },
        }),
      );
    }
    if (url.startsWith('/api/general/current-user/sis'))
      return Promise.resolve(jsonResponse({ ...BASE_DATA, user, menu: SIS_MENU }));
    return Promise.resolve(jsonResponse({ total: 0, version: '5.12.5' }));
  });
}

const baseDataCalls = () =>
  fetchMock.mock.calls
    .map(([input]) => urlOf(input))
    .filter((url) => url.startsWith('/api/general/current-user/'))
    .map((url) => url.replace('/api/general/current-user/', '').split('?')[0]);

function renderAt(route: string) {
  return renderWithProviders(
    <Routes>
      <Route element={<AppLayout />}>
        <Route path="/en/home" element={<p>Start page</p>} />
        <Route
          path="/en/learning"
          element={
            <>
              <p>Learning home</p>
              <Link to="/en/notifications">Open notifications</Link>
            </>
          }
        />
        <Route path="/en/notifications" element={<p>Notifications page</p>} />
        <Route path="/en/student/list" element={<p>Student list</p>} />
        <Route path="/en/not-authorised" element={<p>Not authorised page</p>} />
        <Route path="/en/*" element={<p>Not found page</p>} />
      </Route>
    </Routes>,
    { route },
  );
}

beforeEach(() => {
  atLaptopWidth();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  localStorage.setItem('authCode', 'token');
  // Each test is a fresh tab.
  setMode('sis');
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await applyLanguage('en');
});

describe('the mode follows the route (decision 0019)', () => {
  it('shows a student on a sis page the spec’s sentence and a working link to their learning home', async () => {
    answerAs(STUDENT);
    renderAt('/en/student/list');
    expect(
      await screen.findByRole('heading', { name: ERROR_TEXTS.insufficientPermissions }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Student list')).not.toBeInTheDocument();
    expect(baseDataCalls()).toEqual(['sis']);
    await userEvent.setup().click(screen.getByRole('link', { name: 'Go to your learning home' }));
    expect(await screen.findByText('Learning home')).toBeInTheDocument();
    expect(baseDataCalls()).toEqual(['sis', 'lms']);
  });

  it('takes a student from home to the learning home once the sis answer is in', async () => {
    answerAs(STUDENT);
    renderAt('/en/home');
    expect(await screen.findByText('Learning home')).toBeInTheDocument();
    expect(screen.queryByText('Start page')).not.toBeInTheDocument();
    expect(baseDataCalls()).toEqual(['sis', 'lms']);
    // lms mode: the lms menu, no switch for someone who works in the lms only.
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0];
    expect(within(nav as HTMLElement).getByRole('link', { name: 'Progress' })).toHaveAttribute(
      'href',
      '/en/track',
    );
    expect(screen.queryByRole('navigation', { name: 'Where you work' })).not.toBeInTheDocument();
  });

  it('keeps lms on a page of both modes reached from an lms page, and sis in a fresh tab', async () => {
    answerAs(FACILITATOR);
    const first = renderAt('/en/learning');
    expect(await screen.findByText('Learning home')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Open notifications' }));
    expect(await screen.findByText('Notifications page')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeInTheDocument();
    expect(baseDataCalls()).toEqual(['lms']);
    first.unmount();

    fetchMock.mockClear();
    setMode('sis');
    renderAt('/en/notifications');
    expect(await screen.findByText('Notifications page')).toBeInTheDocument();
    expect(baseDataCalls()).toEqual(['sis']);
    expect(screen.queryByRole('combobox', { name: 'Language' })).not.toBeInTheDocument();
  });

  it('treats an address no route knows as a page of both modes', async () => {
    answerAs(FACILITATOR);
    renderAt('/en/learning');
    expect(await screen.findByText('Learning home')).toBeInTheDocument();
    renderAt('/en/no-such-page');
    expect(await screen.findByText('Not found page')).toBeInTheDocument();
    expect(baseDataCalls().every((mode) => mode === 'lms')).toBe(true);
  });

  it('gives a holder of both rights the switch, whose halves lead to the two homes and modes', async () => {
    answerAs(FACILITATOR);
    renderAt('/en/learning');
    expect(await screen.findByText('Learning home')).toBeInTheDocument();
    const [modeSwitch] = screen.getAllByRole('navigation', { name: 'Where you work' });
    const switchNav = within(modeSwitch as HTMLElement);
    expect(switchNav.getByRole('link', { name: 'Learning' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    const sis = switchNav.getByRole('link', { name: 'Student information' });
    expect(sis).toHaveAttribute('href', '/en/home');
    await userEvent.setup().click(sis);
    expect(await screen.findByText('Start page')).toBeInTheDocument();
    expect(baseDataCalls()).toEqual(['lms', 'sis']);
    expect(screen.queryByRole('combobox', { name: 'Language' })).not.toBeInTheDocument();
    const [again] = screen.getAllByRole('navigation', { name: 'Where you work' });
    expect(
      within(again as HTMLElement).getByRole('link', { name: 'Student information' }),
    ).toHaveAttribute('aria-current', 'true');
  });

  it('shows no switch to a system role manager, and its lms refusal without failing start-up', async () => {
    answerAs(
      { ...FACILITATOR, role: 'manager' },
      {
        status: 403,
        body: {
          code: 'LMS_NOT_AVAILABLE',
          detail: 'Managers work in the student information system only.',
        },
      },
    );
    renderAt('/en/learning');
    expect(
      await screen.findByText('Managers work in the student information system only.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Learning home')).not.toBeInTheDocument();
    expect(baseDataCalls()).toEqual(['lms', 'sis']);
    expect(screen.queryByRole('navigation', { name: 'Where you work' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the start page' })).toHaveAttribute(
      'href',
      '/en/home',
    );
  });

  it('sends someone without GENERAL_LMS__DISPLAY from an lms page to not-authorised with that right', async () => {
    answerAs(
      { rights: ['GENERAL_SIS__DISPLAY'] },
      {
        status: 403,
        body: {
          code: 'MISSING_RIGHT',
          missingRight: 'GENERAL_LMS__DISPLAY',
          detail: 'You need the right “General lms — view” for this.',
        },
      },
    );
    renderAt('/en/learning');
    expect(await screen.findByText('Not authorised page')).toBeInTheDocument();
    expect(baseDataCalls()).toEqual(['lms', 'sis']);
  });
});

describe('languages (lms only)', () => {
  it('applies the person’s language in lms, right to left for Arabic, and en, ltr back in sis', async () => {
    answerAs({ ...FACILITATOR, locale: 'ar' });
    renderAt('/en/learning');
    expect(await screen.findByText('Learning home')).toBeInTheDocument();
    await waitFor(() => {
      expect(document.documentElement).toHaveAttribute('lang', 'ar');
    });
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('ar');
    const [modeSwitch] = screen.getAllByRole('navigation', { name: 'Where you work' });
    await userEvent
      .setup()
      .click(within(modeSwitch as HTMLElement).getByRole('link', { name: 'Student information' }));
    expect(await screen.findByText('Start page')).toBeInTheDocument();
    await waitFor(() => {
      expect(document.documentElement).toHaveAttribute('lang', 'en');
    });
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
  });

  it('saves the choice of the switcher and applies it at once', async () => {
    answerAs(FACILITATOR);
    renderAt('/en/learning');
    expect(await screen.findByText('Learning home')).toBeInTheDocument();
    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'ar');
    await waitFor(() => {
      expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    });
    const put = fetchMock.mock.calls.findIndex(([input]) =>
      urlOf(input).startsWith('/api/general/current-user/locale'),
    );
    expect(put).toBeGreaterThanOrEqual(0);
    const { init } = fetchCall(fetchMock, put);
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body as string)).toEqual({ locale: 'ar' });
  });
});
