// credit-cards feature: "Meine Kreditkartendaten" (stored cards, adding one through the payment
// provider's hosted form, removing selected cards).
export { creditCardKeys } from './api.ts'
export { createCreditCardRoutes } from './routes.tsx'
