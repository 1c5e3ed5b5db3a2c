// The consent manager's services and the first-party consent cookie, shared by server and
// browser. Zod-free on purpose: the browser's first bundle imports it (see docs/decisions.md).

export type ConsentCategory = 'statistics' | 'personalisation' | 'media' | 'marketing'

export type ConsentServiceInfo = {
  /** Stable id of the service's template; a changed description gets a new id. */
  templateId: ConsentServiceId
  serviceName: string
  category: ConsentCategory
  provider: string
  purpose: string
}

/** Every service that needs consent, in the cookie's flag order (never reorder, only append). */
export const CONSENT_SERVICE_IDS = [
  'statistics',
  'recommendations',
  'search',
  'youtube',
  'marketing_google',
  'marketing_microsoft',
  'marketing_awin',
] as const
export type ConsentServiceId = (typeof CONSENT_SERVICE_IDS)[number]

export const CONSENT_SERVICES: readonly ConsentServiceInfo[] = [
  {
    templateId: 'statistics',
    serviceName: 'Statistik & Tracking',
    category: 'statistics',
    provider: 'Bitwerk (eigener Server in Deutschland)',
    purpose:
      'Seitenaufrufe, Scrolltiefe und Schritte im Bestellprozess, damit wir den Shop verbessern können.',
  },
  {
    templateId: 'recommendations',
    serviceName: 'Personalisierte Empfehlungen',
    category: 'personalisation',
    provider: 'Bitwerk (eigener Server in Deutschland)',
    purpose:
      'Produktempfehlungen wie „Wird oft zusammen gekauft“ auf Basis deiner angesehenen Produkte und Klicks.',
  },
  {
    templateId: 'search',
    serviceName: 'Suchvorschläge-Personalisierung',
    category: 'personalisation',
    provider: 'Bitwerk (eigener Server in Deutschland)',
    purpose:
      'Eine Sitzungskennung im Browser, damit Suchvorschläge zu deinen bisherigen Suchen passen.',
  },
  {
    templateId: 'youtube',
    serviceName: 'Videos (YouTube)',
    category: 'media',
    provider: 'Google Ireland Limited, Gordon House, Barrow Street, Dublin 4, Irland',
    purpose:
      'Eingebettete Produktvideos. Beim Abspielen überträgt dein Browser Daten an YouTube (auch in die USA).',
  },
  {
    templateId: 'marketing_google',
    serviceName: 'Google Ads (Conversion-Messung)',
    category: 'marketing',
    provider: 'Google Ireland Limited, Gordon House, Barrow Street, Dublin 4, Irland',
    purpose: 'Misst, welche Anzeigen zu einer Bestellung geführt haben.',
  },
  {
    templateId: 'marketing_microsoft',
    serviceName: 'Microsoft Advertising (Conversion-Messung)',
    category: 'marketing',
    provider: 'Microsoft Ireland Operations Ltd., One Microsoft Place, Dublin 18, Irland',
    purpose: 'Misst, welche Anzeigen in Bing zu einer Bestellung geführt haben.',
  },
  {
    templateId: 'marketing_awin',
    serviceName: 'Awin (Partnerprogramm)',
    category: 'marketing',
    provider: 'AWIN AG, Eichhornstraße 3, 10785 Berlin',
    purpose: 'Vergütet Partnerseiten, über die du zu uns gekommen bist (Affiliate-Kennung).',
  },
]

export const CONSENT_CATEGORIES: Record<ConsentCategory, { title: string; description: string }> = {
  statistics: {
    title: 'Statistik',
    description: 'Hilft uns zu verstehen, wie der Shop genutzt wird.',
  },
  personalisation: {
    title: 'Personalisierung',
    description: 'Empfehlungen und Suchvorschläge, die zu dir passen.',
  },
  media: {
    title: 'Externe Medien',
    description: 'Inhalte anderer Anbieter, die erst nach deiner Zustimmung geladen werden.',
  },
  marketing: {
    title: 'Marketing-Partner',
    description: 'Messung des Erfolgs unserer Werbung bei drei Partnern.',
  },
}

/**
 * Version of the consent texts. A cookie of an older version counts as no decision, so the
 * banner asks again when services or their purposes change.
 */
export const CONSENT_VERSION = 1
export const CONSENT_COOKIE = 'bw_consent'
export const CONSENT_COOKIE_DAYS = 365

export type ConsentFlags = Record<ConsentServiceId, boolean>
export type ConsentState = { consentId: string; granted: ConsentFlags }

export function noConsent(): ConsentFlags {
  return Object.fromEntries(CONSENT_SERVICE_IDS.map((id) => [id, false])) as ConsentFlags
}

export function allConsent(): ConsentFlags {
  return Object.fromEntries(CONSENT_SERVICE_IDS.map((id) => [id, true])) as ConsentFlags
}

/** `<version>.<consentId>.<one 0/1 flag per service>`: only cookie-safe characters. */
export function formatConsentCookie(state: ConsentState): string {
  const flags = CONSENT_SERVICE_IDS.map((id) => (state.granted[id] ? '1' : '0')).join('')
  return `${CONSENT_VERSION}.${state.consentId}.${flags}`
}

const COOKIE_VALUE = /^(\d+)\.([\w-]{1,64})\.([01]+)$/

/** The decision stored in the cookie; null when there is none, it is malformed or outdated. */
export function parseConsentCookie(value: string | undefined | null): ConsentState | null {
  if (!value) return null
  let decoded: string
  try {
    decoded = decodeURIComponent(value)
  } catch {
    return null
  }
  const match = COOKIE_VALUE.exec(decoded)
  if (!match || Number(match[1]) !== CONSENT_VERSION) return null
  const flags = match[3] ?? ''
  if (flags.length !== CONSENT_SERVICE_IDS.length) return null
  const granted = noConsent()
  CONSENT_SERVICE_IDS.forEach((id, index) => {
    granted[id] = flags[index] === '1'
  })
  return { consentId: match[2] ?? '', granted }
}

/** The consent cookie's value inside a Cookie header (or document.cookie). */
export function readConsentCookie(cookieHeader: string | undefined | null): ConsentState | null {
  if (!cookieHeader) return null
  for (const part of cookieHeader.split(';')) {
    const at = part.indexOf('=')
    if (at < 0) continue
    if (part.slice(0, at).trim() === CONSENT_COOKIE) return parseConsentCookie(part.slice(at + 1))
  }
  return null
}
