// The router every front end uses, re-exported here so that it travels inside the shared
// `@caliber/web` singleton: shell and remotes then share one router context, and the build keeps
// only these parts of react-router instead of the whole package (its server rendering, data
// loaders and cookie helpers are a third of the sign-in page's weight when it is shared whole).
// Front ends import routing from `@caliber/web`, never from react-router-dom (the lint says so).
export {
  BrowserRouter,
  Link,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
