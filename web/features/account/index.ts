// Account slice: login (with the e-mailed code), registration, password reset, the account
// shell under /kundenkonto, and the soft-login popup other slices open before protected actions.
export { accountKeys, useCustomerData } from './api.ts'
export { BusinessKindFields } from './components/business-kind-fields.tsx'
export { failedResponse, fieldCodes } from './components/responses.ts'
export { ServiceContact } from './components/service-contact.tsx'
export {
  LoginPopupProvider,
  type LoginPopupRequest,
  useLoginPopup,
} from './login-popup-provider.tsx'
export { type AccountChildRoutes, createAccountRoutes } from './routes.tsx'
