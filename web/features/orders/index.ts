// orders feature: "Meine Bestellungen" (period filter, table, "Mehr") and "Bestelldetails".
export { ordersKeys } from './api.ts'
export { createOrderRoutes } from './routes.tsx'
