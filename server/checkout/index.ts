// checkout slice: see docs/decisions.md for what it owns.
export { checkoutJobs } from './reconcile.ts'
export { checkoutRouter } from './router.ts'
export { insertVoucher, type NewVoucher, setVoucherActive } from './vouchers.ts'
