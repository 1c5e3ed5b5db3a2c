// The sandbox's wallet accounts (PayPal, Amazon Pay): the buyer picks one on the provider's page.
// Their addresses cover what the shop must handle: Germany, another EU country, a DHL Packstation
// (no cash on delivery) and a country outside the EU (address unusable).
import type { Payer } from '#server/platform/payments/port.ts'

export type SandboxBuyer = { id: string; label: string; payer: Payer }

export const SANDBOX_BUYERS: SandboxBuyer[] = [
  {
    id: 'buyer-de',
    label: 'Erika Mustermann, Köln (Deutschland)',
    payer: {
      firstName: 'Erika',
      lastName: 'Mustermann',
      email: 'erika.mustermann@example.de',
      shippingAddress: {
        firstName: 'Erika',
        lastName: 'Mustermann',
        company: null,
        streetName: 'Heidestraße',
        streetNumber: '17',
        addition: null,
        zipCode: '51147',
        cityName: 'Köln',
        countryCode: 'DE',
      },
    },
  },
  {
    id: 'buyer-at',
    label: 'Lukas Gruber, Wien (Österreich)',
    payer: {
      firstName: 'Lukas',
      lastName: 'Gruber',
      email: 'lukas.gruber@example.at',
      shippingAddress: {
        firstName: 'Lukas',
        lastName: 'Gruber',
        company: null,
        streetName: 'Mariahilfer Straße',
        streetNumber: '45',
        addition: null,
        zipCode: '1060',
        cityName: 'Wien',
        countryCode: 'AT',
      },
    },
  },
  {
    id: 'buyer-packstation',
    label: 'Jonas Becker, Packstation in München',
    payer: {
      firstName: 'Jonas',
      lastName: 'Becker',
      email: 'jonas.becker@example.de',
      shippingAddress: {
        firstName: 'Jonas',
        lastName: 'Becker',
        company: null,
        streetName: 'Packstation',
        streetNumber: '105',
        addition: 'Postnummer 12345678',
        zipCode: '80331',
        cityName: 'München',
        countryCode: 'DE',
      },
    },
  },
  {
    id: 'buyer-ch',
    label: 'Sophie Keller, Zürich (Schweiz)',
    payer: {
      firstName: 'Sophie',
      lastName: 'Keller',
      email: 'sophie.keller@example.ch',
      shippingAddress: {
        firstName: 'Sophie',
        lastName: 'Keller',
        company: null,
        streetName: 'Bahnhofstrasse',
        streetNumber: '10',
        addition: null,
        zipCode: '8001',
        cityName: 'Zürich',
        countryCode: 'CH',
      },
    },
  },
]

export function sandboxBuyer(id: string | undefined): SandboxBuyer {
  return SANDBOX_BUYERS.find((buyer) => buyer.id === id) ?? (SANDBOX_BUYERS[0] as SandboxBuyer)
}
