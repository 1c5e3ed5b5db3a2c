// orders feature: "Meine Bestellungen" (period filter, table, "Mehr"), "Bestelldetails" and the
// withdrawal function ("Vertrag widerrufen" there and on the public page /widerruf).
export { ordersKeys } from './api.ts'
export { createOrderRoutes, createWithdrawalRoutes } from './routes.tsx'
