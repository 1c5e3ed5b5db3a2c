// Saving the visitor's decision: POST /api/consent with the referrer and one entry per service.
import type { ConsentAction } from '#contract/consent.ts'
import {
  CONSENT_SERVICE_IDS,
  CONSENT_SERVICE_NAMES,
  type ConsentFlags,
} from '#contract/consent-services.ts'
import { tsr } from '#web/lib/tsr.ts'
import { applyConsent } from './consent-store.ts'

export const consentKeys = {
  all: ['consent'] as const,
  record: () => [...consentKeys.all, 'record'] as const,
}

/** The page the decision was made on, without query string and fragment. */
export function currentPage(): string {
  return `${window.location.origin}${window.location.pathname}`
}

/**
 * Saves a decision. The server answers with the record and sets the cookie; the store applies the
 * decision at once. Returns false when the save failed (nothing that needs consent starts then).
 */
export async function saveConsentDecision(
  action: ConsentAction,
  granted: ConsentFlags,
): Promise<boolean> {
  try {
    const response = await tsr.consent.saveConsent.mutate({
      body: {
        referrer: currentPage(),
        action,
        consentData: CONSENT_SERVICE_IDS.map((templateId) => ({
          serviceName: CONSENT_SERVICE_NAMES[templateId],
          templateId,
          consentStatus: granted[templateId],
        })),
      },
    })
    if (response.status !== 200) return false
    applyConsent({ consentId: response.body.consentId, granted })
    return true
  } catch {
    return false
  }
}

/** The stored record with its history (for the settings dialog). */
export function useConsentRecord(enabled: boolean) {
  return tsr.consent.getConsent.useQuery({
    queryKey: consentKeys.record(),
    queryData: {},
    enabled,
    retry: false,
    // The dialog shows the latest change: read again each time it opens.
    staleTime: 0,
  })
}
