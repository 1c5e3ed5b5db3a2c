// account slice: login levels, two-factor code, blocking, registration (private, business,
// guest/light), password reset and the customer data. See docs/decisions.md "Accounts".
export { accountBlockEnd, clearBlocks } from './blocking.ts'
export { getCustomerData } from './customer-data.ts'
export { type StudentStatus, setStudentMembership, updateBusinessData } from './customer-writes.ts'
export { loginResultOf } from './full-login.ts'
export { type ConversionAddress, convertLightAccountIn } from './light-account.ts'
export { requestPasswordReset } from './password-reset.ts'
export { accountRouter, DEVICE_COOKIE } from './router.ts'
