// Staff slice: the back office's accounts (made by `npm run staff:create`), its own login with an
// e-mailed code and its own session (staff_sid), the guard that admits each staff call to the
// roles its contract entry names, and the audit log every staff change writes.
export { createStaffAccount, STAFF_PASSWORD_MIN, type StaffAccountProblem } from './accounts.ts'
export { actorOf, auditedChange, auditedRead, writeAudit } from './audit.ts'
export { staffAccessGuard } from './guard.ts'
export { staffJobs } from './jobs.ts'
export { staffRouter } from './router.ts'
export { staffSessionMiddleware } from './session.ts'
