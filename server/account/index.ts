// account slice: login levels, two-factor code, blocking, registration (private, business,
// guest/light), password reset and the customer data. See docs/decisions.md "Accounts".
export { accountBlockEnd, clearBlocks } from './blocking.ts'
export { type StudentStatus, setStudentMembership, updateBusinessData } from './customer-writes.ts'
export { accountRouter, DEVICE_COOKIE } from './router.ts'
export {
  type ConversionAddress,
  convertLightAccountIn,
  getCustomerData,
  loginResultOf,
  requestPasswordReset,
} from './service.ts'
