// What the consent manager tells about each service: category, provider and purpose. Used by the
// settings dialog (a lazy chunk) and the privacy page's seed; zod-free.
import { CONSENT_SERVICE_NAMES, type ConsentServiceId } from './consent-services.ts'

export type ConsentCategory = 'statistics' | 'personalisation' | 'media' | 'marketing'

export type ConsentServiceInfo = {
  /** Stable id of the service's template (the key in the cookie and the record). */
  templateId: ConsentServiceId
  serviceName: string
  category: ConsentCategory
  provider: string
  purpose: string
}

export const CONSENT_SERVICES: readonly ConsentServiceInfo[] = [
  {
    templateId: 'statistics',
    serviceName: CONSENT_SERVICE_NAMES.statistics,
    category: 'statistics',
    provider: 'Bitwerk (eigener Server in Deutschland)',
    purpose:
      'Seitenaufrufe, Scrolltiefe und Schritte im Bestellprozess, damit wir den Shop verbessern können.',
  },
  {
    templateId: 'recommendations',
    serviceName: CONSENT_SERVICE_NAMES.recommendations,
    category: 'personalisation',
    provider: 'Bitwerk (eigener Server in Deutschland)',
    purpose:
      'Produktempfehlungen wie „Wird oft zusammen gekauft“ auf Basis deiner angesehenen Produkte und Klicks.',
  },
  {
    templateId: 'search',
    serviceName: CONSENT_SERVICE_NAMES.search,
    category: 'personalisation',
    provider: 'Bitwerk (eigener Server in Deutschland)',
    purpose:
      'Eine Sitzungskennung im Browser, damit Suchvorschläge zu deinen bisherigen Suchen passen.',
  },
  {
    templateId: 'youtube',
    serviceName: CONSENT_SERVICE_NAMES.youtube,
    category: 'media',
    provider: 'Google Ireland Limited, Gordon House, Barrow Street, Dublin 4, Irland',
    purpose:
      'Eingebettete Produktvideos. Beim Abspielen überträgt dein Browser Daten an YouTube (auch in die USA).',
  },
  {
    templateId: 'marketing_google',
    serviceName: CONSENT_SERVICE_NAMES.marketing_google,
    category: 'marketing',
    provider: 'Google Ireland Limited, Gordon House, Barrow Street, Dublin 4, Irland',
    purpose: 'Misst, welche Anzeigen zu einer Bestellung geführt haben.',
  },
  {
    templateId: 'marketing_microsoft',
    serviceName: CONSENT_SERVICE_NAMES.marketing_microsoft,
    category: 'marketing',
    provider: 'Microsoft Ireland Operations Ltd., One Microsoft Place, Dublin 18, Irland',
    purpose: 'Misst, welche Anzeigen in Bing zu einer Bestellung geführt haben.',
  },
  {
    templateId: 'marketing_awin',
    serviceName: CONSENT_SERVICE_NAMES.marketing_awin,
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
