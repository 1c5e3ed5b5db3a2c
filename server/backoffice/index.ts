// backoffice slice (issue 18: one name for the staff area): access (staff accounts made by
// `npm run staff:create`, the login with an e-mailed code, the staff_sid session, the guard that
// admits each call to the roles its contract entry names, the audit log every change writes) and
// the work areas (customers, orders, products, vouchers, mail delivery, the start page's figures).
export { backofficeAccessRouter } from './access-router.ts'
export { createStaffAccount, STAFF_PASSWORD_MIN, type StaffAccountProblem } from './accounts.ts'
export { backofficeAfterSaleRouter } from './after-sale-router.ts'
export { actorOf, auditedChange, auditedRead, writeAudit } from './audit.ts'
export { backofficeCategoriesRouter } from './categories-router.ts'
export { staffAccessGuard } from './guard.ts'
export { backofficeImportRouter } from './import-router.ts'
export { backofficeInvoicesRouter } from './invoices-router.ts'
export { staffJobs } from './jobs.ts'
export { backofficeLegalRouter } from './legal-router.ts'
export { backofficeManufacturersRouter } from './manufacturers-router.ts'
export { backofficePicturesRouter } from './pictures-router.ts'
export { PICTURE_UPLOAD_MAX_BYTES } from './pictures-upload.ts'
export { backofficeRouter } from './router.ts'
export { staffSessionMiddleware } from './session.ts'
