import { PAGE_SIZES, ROLE_FILTER_OPTIONS, type Role } from '@caliber/contracts';

/** The role filter's choices other than All: what the list may be narrowed to. */
export type RoleFilter = Exclude<(typeof ROLE_FILTER_OPTIONS)[number], 'All'>;
export type ActiveFilter = '' | 'true' | 'false';

export interface UserListFilters {
  q: string;
  /** '' for All. */
  role: RoleFilter | '';
  department: string;
  /** 'true' active only, 'false' inactive only, '' any. */
  active: ActiveFilter;
  page: number;
}

const ROLE_FILTERS = ROLE_FILTER_OPTIONS.filter((option): option is RoleFilter => option !== 'All');

/** The user list's filters in an address's query, with anything it does not offer read as "no filter". */
export function userFiltersOf(params: URLSearchParams): UserListFilters {
  const role = params.get('role') ?? '';
  const active = params.get('active') ?? '';
  const page = Number(params.get('page'));
  return {
    q: params.get('q') ?? '',
    role: (ROLE_FILTERS as readonly string[]).includes(role) ? (role as RoleFilter) : '',
    department: params.get('department') ?? '',
    active: active === 'true' || active === 'false' ? active : '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The query of `GET /users` for the filters: 12 a page, empty filters left out. */
export function userListQuery(filters: UserListFilters, limit: number = PAGE_SIZES.users): string {
  const params = new URLSearchParams({ page: String(filters.page), limit: String(limit) });
  const q = filters.q.trim();
  if (q) params.set('q', q);
  if (filters.role) params.set('role', filters.role);
  if (filters.department) params.set('department', filters.department);
  if (filters.active) params.set('active', filters.active);
  return params.toString();
}

/** The footer's page line: 'Page x / y' (an empty list is page 1 of 1). */
export function pageLine(page: number, pages: number): string {
  const last = Math.max(1, pages);
  return `Page ${Math.min(Math.max(1, page), last)} / ${last}`;
}

export const ROLE_FILTER_CHOICES: { value: RoleFilter | ''; label: string }[] = ROLE_FILTER_OPTIONS.map(
  (option) => ({ value: option === 'All' ? '' : option, label: option }),
);

export const ACTIVE_FILTER_CHOICES: { value: ActiveFilter; label: string }[] = [
  { value: '', label: 'Any' },
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
];

/** The role badge's colour: Admin red, Engineer blue, Technician teal (Manager, not in the spec, purple). */
export function roleTone(role: Role | string): 'red' | 'blue' | 'teal' | 'purple' {
  switch (role.toLowerCase()) {
    case 'admin':
      return 'red';
    case 'engineer':
      return 'blue';
    case 'technician':
      return 'teal';
    default:
      return 'purple';
  }
}
