// Where the address book's pages are (account-area §2: AddBillingAddressForm,
// AddDeliveryAddressForm, EditAddressForm with id, dataType and mode=edit).
const LIST = '/kundenkonto/adressen'

export type AddressDataType = 'billing' | 'delivery'

export const addressPaths = {
  list: LIST,
  newBilling: `${LIST}/neue-rechnungsadresse`,
  newDelivery: `${LIST}/neue-lieferadresse`,
  edit: (id: number, dataType: AddressDataType) =>
    `${LIST}/adresse-bearbeiten/${id}?dataType=${dataType}&mode=edit`,
}
