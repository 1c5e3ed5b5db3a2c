// orders slice: the customer's orders in the account (list by period, details) and what other
// slices read from placed orders (products bought together). Checkout writes the orders tables.
export { ordersRouter } from './router.ts'
export { productsBoughtWith } from './service.ts'
