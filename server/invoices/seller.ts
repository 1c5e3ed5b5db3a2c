// The seller on every invoice (§ 14 (4) UStG: name, address, VAT id and tax number). The same
// company data as the mail footer and the Impressum template; an operator changes them here.
import type { InvoiceSeller } from './document.ts'

export const SELLER: InvoiceSeller = {
  name: 'Bitwerk GmbH',
  contactName: 'Kundenservice',
  street: 'Musterstraße 1',
  zip: '10115',
  city: 'Berlin',
  countryCode: 'DE',
  vatId: 'DE123456789',
  taxNumber: '37/123/45678',
  email: 'rechnung@bitwerk.example',
  phone: '+49 30 1234567',
  registry: 'Amtsgericht Berlin (Charlottenburg) HRB 123456 B',
  managingDirectors: 'Erika Mustermann',
  iban: 'DE12100100100123456789',
  bic: 'PBNKDEFF',
  bankName: 'Postbank',
}
