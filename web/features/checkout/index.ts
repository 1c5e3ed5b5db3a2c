// checkout feature: /kasse with its steps, the payment flows and return pages, the success page,
// and the express payment buttons (PayPal express, Amazon Pay) the cart page can place.
export { checkoutKeys } from './api.ts'
export { ExpressButtons } from './components/express-buttons.tsx'
export { createCheckoutRoutes } from './routes.tsx'
