// backoffice slice: the staff's work areas (issue 11): customers, orders and their lifecycle,
// catalog prices/stock/active flag, vouchers and the start page's figures. Access, login and the
// audit log are the staff slice's.
export { backofficeRouter } from './router.ts'
