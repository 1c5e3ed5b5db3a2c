// Back office (web): /backoffice with its own login (password, then e-mailed code), a generic
// shell (staff guard, navigation, page frame) and the Campus review queue of issue 9.
export { okOrThrow, staffKeys, useStaffMe } from './api.ts'
export { BACKOFFICE_NAV, type BackofficeNavEntry } from './navigation.ts'
export { backofficePaths } from './paths.ts'
export { BACKOFFICE_PAGES, backofficeRoutes } from './routes.tsx'
