// addresses slice: countries, billing and delivery addresses (the address book is issue 5).

export { addressesRouter } from './router.ts'
export {
  findBillingCountryId,
  insertBillingAddress,
  isBillingCountry,
  type NewBillingAddress,
} from './service.ts'
