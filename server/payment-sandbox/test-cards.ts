// The sandbox's test cards (also on the info page /psp/ and in README.md). Every other valid
// number of a supported brand approves; any holder, any future expiry and any CVC of the brand's
// length work.
import type { CardBrand } from '#server/platform/payments/port.ts'

/** What the sandbox does with a card: at the check (technical error) or at authorization. */
export type CardScenario = 'approve' | 'decline' | 'challenge' | 'check_error'

export type TestCard = {
  number: string
  brand: CardBrand | null
  scenario: CardScenario | 'unsupported'
  description: string
}

export const TEST_CARDS: TestCard[] = [
  {
    number: '4111 1111 1111 1111',
    brand: 'visa',
    scenario: 'approve',
    description: 'Visa: wird genehmigt',
  },
  {
    number: '5555 5555 5555 4444',
    brand: 'mastercard',
    scenario: 'approve',
    description: 'Mastercard: wird genehmigt',
  },
  {
    number: '2223 0031 2200 3222',
    brand: 'mastercard',
    scenario: 'approve',
    description: 'Mastercard (2er-Bereich): wird genehmigt',
  },
  {
    number: '3782 822463 10005',
    brand: 'amex',
    scenario: 'approve',
    description: 'American Express: wird genehmigt (Prüfnummer mit 4 Ziffern)',
  },
  {
    number: '3056 930902 5904',
    brand: 'diners',
    scenario: 'approve',
    description: 'Diners Club: wird genehmigt',
  },
  {
    number: '6011 1111 1111 1117',
    brand: 'discover',
    scenario: 'approve',
    description: 'Discover: wird genehmigt',
  },
  {
    number: '4000 0000 0000 0002',
    brand: 'visa',
    scenario: 'decline',
    description: 'Visa: wird bei der Autorisierung abgelehnt',
  },
  {
    number: '4000 0000 0000 3220',
    brand: 'visa',
    scenario: 'challenge',
    description: 'Visa: verlangt 3-D Secure (Bestätigen oder Ablehnen)',
  },
  {
    number: '5200 0000 0000 1096',
    brand: 'mastercard',
    scenario: 'challenge',
    description: 'Mastercard: verlangt 3-D Secure',
  },
  {
    number: '4000 0000 0000 0119',
    brand: 'visa',
    scenario: 'check_error',
    description: 'Visa: die Kartenprüfung scheitert mit einem technischen Fehler',
  },
  {
    number: '3530 1113 3330 0000',
    brand: null,
    scenario: 'unsupported',
    description: 'JCB: Kartentyp wird nicht unterstützt',
  },
]

const BY_NUMBER = new Map(TEST_CARDS.map((card) => [card.number.replace(/ /g, ''), card]))

/** The sandbox behaviour for a (normalized) card number. */
export function scenarioOf(number: string): CardScenario {
  const card = BY_NUMBER.get(number)
  return card && card.scenario !== 'unsupported' ? card.scenario : 'approve'
}
