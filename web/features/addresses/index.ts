// addresses feature: the address book under /kundenkonto/adressen and the address form with its
// country lists, which the checkout's billing and delivery steps reuse.
export {
  addressKeys,
  useAddAddress,
  useAddresses,
  useCountries,
  useUpdateAddress,
} from './api.ts'
export { AddressFields, type AddressFieldsProps } from './components/address-fields.tsx'
export {
  AddressForm,
  type AddressFormProps,
  type AddressFormValues,
  addressFormValuesOf,
  EMPTY_ADDRESS,
} from './components/address-form.tsx'
export { addressPaths } from './paths.ts'
export { createAddressRoutes } from './routes.tsx'
