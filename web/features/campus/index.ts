// Campus slice (web): the account's Campus page with status pages and both registrations,
// /studentenprogramm with benefits and deals, and the confirmation-link landing page.
export { campusKeys } from './api.ts'
export { campusAccountRoutes, campusRoutes } from './routes.tsx'
