import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { ALLOWED_LANGUAGES } from '@lantern/contracts/constants';

const isAllowed = (lang: string | undefined): boolean =>
  lang !== undefined && (ALLOWED_LANGUAGES as readonly string[]).includes(lang);

/** Every route sits under /:lang; only `en` is allowed, anything else goes to /en/home (spec §2). */
export function LangLayout() {
  const { lang } = useParams();
  const { pathname } = useLocation();

  // Every route change starts at the top of the page.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  if (!isAllowed(lang)) return <Navigate to="/en/home" replace />;
  return <Outlet />;
}
