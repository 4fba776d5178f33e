/** The frame of every page: a header with the navigation and the signed-in user, then the page. */
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useSession } from '../api/session';

const LINKS = [
  { to: '/', label: 'Schema', end: true },
  { to: '/schemas', label: 'Schemas', end: true },
  { to: '/datasets', label: 'Datasets' },
  { to: '/projects', label: 'Projects' },
  { to: '/scenarios', label: 'Scenarios' },
  { to: '/mocks', label: 'Mock APIs' },
  { to: '/downloads', label: 'Downloads' },
  { to: '/reference', label: 'Reference' },
  { to: '/account', label: 'API key & usage' },
];

export function Layout() {
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  // A saved schema (/schemas/NAME) opens in the builder: the Schema link is the current page then.
  const inBuilder = useLocation().pathname.startsWith('/schemas/');
  // The Admin link only for admins (the session says; the page explains a 403 to anyone who types the URL).
  const admin = user?.admin === true;
  const links = admin ? [...LINKS, { to: '/admin/downloads', label: 'Admin' }] : LINKS;
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="top-bar">
        <a className="brand" href="/">
          Rowloom
        </a>
        {user && (
          <nav aria-label="Main">
            {links.map((link) =>
              link.to === '/' && inBuilder ? (
                <Link key={link.to} to={link.to} className="active" aria-current="page">
                  {link.label}
                </Link>
              ) : (
                <NavLink key={link.to} to={link.to} end={link.end}>
                  {link.label}
                </NavLink>
              ),
            )}
          </nav>
        )}
        {user && (
          <div className="who">
            <span title={`plan ${user.plan}`}>{user.email}</span>
            <button type="button" className="link" onClick={() => void signOut().then(() => navigate('/signin'))}>
              Sign out
            </button>
          </div>
        )}
      </header>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
