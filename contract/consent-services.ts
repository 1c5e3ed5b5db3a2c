// The consent manager's service ids and the first-party consent cookie, shared by server and
// browser. Zod-free and short on purpose: the browser's first bundle imports it. The services'
// descriptions are in consent-texts.ts (loaded with the settings dialog).

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

/** Display names; the record of every service carries its name. */
export const CONSENT_SERVICE_NAMES: Record<ConsentServiceId, string> = {
  statistics: 'Statistik & Tracking',
  recommendations: 'Personalisierte Empfehlungen',
  search: 'Suchvorschläge-Personalisierung',
  youtube: 'Videos (YouTube)',
  marketing_google: 'Google Ads (Conversion-Messung)',
  marketing_microsoft: 'Microsoft Advertising (Conversion-Messung)',
  marketing_awin: 'Awin (Partnerprogramm)',
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
