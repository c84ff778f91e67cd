import {
  NavLink,
  Outlet,
  useCurrentUser,
  useLiveConnection,
  useLocation,
  useNavigate,
  useProductName,
  useSession,
} from '@caliber/web';
import { Avatar, LoadingState } from '@caliber/ui-kit';
import { Suspense, useEffect, useRef, useState } from 'react';
import { SignedInProviders } from '../app/SignedInProviders';
import { NotificationBell } from '../notifications/NotificationBell';
import { BrandMark } from './BrandMark';
import { icons } from './icons';
import { activeNavPath, navItemsFor } from './nav-items';
import { RoleBadge } from './RoleBadge';

const LIVE_LABELS = { live: 'Live', connecting: 'Connecting…', lost: 'Offline', off: '' } as const;

/**
 * The signed-in frame: side navigation (a slide-in drawer with a backdrop on small screens) and a
 * top bar with the notifications bell, the user's name, role badge, initial avatar and Logout.
 *
 * While the drawer is open it is the only thing on the page: the covered page is `inert`, so Tab
 * cannot walk onto it and a screen reader does not read it. Closing the drawer (Escape, the close
 * button, the backdrop, a link) returns focus to the menu button that opened it.
 */
export function Layout() {
  return (
    <SignedInProviders>
      <SignedInFrame />
    </SignedInProviders>
  );
}

function SignedInFrame() {
  const user = useCurrentUser();
  const { signOut } = useSession();
  const product = useProductName();
  const live = useLiveConnection();
  const location = useLocation();
  const navigate = useNavigate();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const nav = useRef<HTMLElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const active = activeNavPath(location.pathname);

  useEffect(() => {
    if (!drawerOpen) return;
    nav.current?.querySelector<HTMLElement>('a')?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setDrawerOpen(false);
    document.addEventListener('keydown', onKey);
    const opener = menuButton.current;
    return () => {
      document.removeEventListener('keydown', onKey);
      opener?.focus();
    };
  }, [drawerOpen]);

  return (
    <div className={`app-frame${drawerOpen ? ' app-frame--drawer-open' : ''}`}>
      <a className="skip-link" href="#main" inert={drawerOpen}>
        Skip to content
      </a>
      <aside className="side-nav" id="side-nav" ref={nav}>
        {/* The aside is the page-high column (its background); the panel stays in view. */}
        <div className="side-nav__panel">
          <div className="side-nav__brand">
            <BrandMark />
            <span>{product}</span>
            <button
              type="button"
              className="ck-button ck-button--ghost side-nav__close"
              aria-label="Close navigation"
              onClick={() => setDrawerOpen(false)}
            >
              {icons.close}
            </button>
          </div>
          <nav aria-label="Main navigation">
            <ul className="side-nav__list">
              {navItemsFor(user.role).map((item) => (
                <li key={item.path}>
                  <NavLink
                    to={item.path}
                    className={`side-nav__link${item.path === active ? ' side-nav__link--active' : ''}`}
                    aria-current={item.path === active ? 'page' : undefined}
                    onClick={() => setDrawerOpen(false)}
                  >
                    {icons[item.icon]}
                    <span>{item.label}</span>
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </aside>
      {drawerOpen ? (
        <div className="drawer-backdrop" onClick={() => setDrawerOpen(false)} aria-hidden="true" />
      ) : null}
      <div className="app-main" inert={drawerOpen}>
        <header className="top-bar">
          <button
            type="button"
            ref={menuButton}
            className="ck-button ck-button--ghost top-bar__menu"
            aria-label="Open navigation"
            aria-controls="side-nav"
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
          >
            {icons.menu}
          </button>
          <span className="top-bar__brand">
            <BrandMark size={28} />
            <span>{product}</span>
          </span>
          <div className="top-bar__spacer" />
          {live !== 'off' ? (
            <span className={`live-indicator live-indicator--${live}`} title="Real-time updates">
              {LIVE_LABELS[live]}
            </span>
          ) : null}
          <NotificationBell />
          <div className="top-bar__user">
            <Avatar name={user.name} />
            <span className="top-bar__identity">
              <span className="top-bar__name">{user.name}</span>
              <RoleBadge role={user.role} />
            </span>
          </div>
          <button
            type="button"
            className="ck-button ck-button--secondary"
            aria-label="Logout"
            onClick={() => {
              signOut();
              navigate('/login', { replace: true });
            }}
          >
            {icons.logout}
            <span className="top-bar__logout-text">Logout</span>
          </button>
        </header>
        <main className="app-content" id="main" tabIndex={-1}>
          {/* A screen that is still loading shows inside the layout, which stays usable. */}
          <Suspense fallback={<LoadingState text="Loading…" />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
