// header slice: login state and counters for the site header (GET /api/header_data).
export { headerRouter } from './router.ts'
export { getHeaderData } from './service.ts'
