// addresses slice: the address book (billing and delivery addresses, business and Campus locks),
// the four country lists, and the billing address that registration and conversion write.
export { addressesRouter } from './router.ts'
export {
  addAddress,
  checkBillingAddress,
  findBillingCountryId,
  insertBillingAddress,
  isBillingCountry,
  type NewBillingAddress,
  renameAddressCompany,
  saveBillingAddress,
} from './service.ts'
