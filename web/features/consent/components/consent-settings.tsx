// The consent manager's second layer, loaded only when opened: every service by category with
// its provider and purpose, each with its own switch.
import { useId, useState } from 'react'
import { allConsent, type ConsentFlags, noConsent } from '#contract/consent-services.ts'
import {
  CONSENT_CATEGORIES,
  CONSENT_SERVICES,
  type ConsentCategory,
} from '#contract/consent-texts.ts'
import { Button, Modal } from '#web/components/ui/index.ts'
import { formatDate } from '#web/lib/format.ts'
import { t } from '#web/lib/messages.ts'
import { saveConsentDecision, useConsentRecord } from '../api.ts'
import { useConsent } from '../use-consent.ts'

const CATEGORY_ORDER: ConsentCategory[] = ['statistics', 'personalisation', 'media', 'marketing']

function ServiceSwitch({
  label,
  provider,
  purpose,
  checked,
  disabled,
  onChange,
}: {
  label: string
  provider: string
  purpose: string
  checked: boolean
  disabled?: boolean
  onChange?: (checked: boolean) => void
}) {
  const id = useId()
  return (
    <div className="consent-service">
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="consent-switch"
        checked={checked}
        aria-checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-details`}
        onChange={(event) => onChange?.(event.target.checked)}
      />
      <div>
        <label htmlFor={id} className="consent-service__name">
          {label}
        </label>
        <p id={`${id}-details`} className="consent-service__details">
          {purpose} <span className="consent-service__provider">Anbieter: {provider}</span>
        </p>
      </div>
    </div>
  )
}

export function ConsentSettings({ onClose }: { onClose: () => void }) {
  const consent = useConsent()
  const [choice, setChoice] = useState<ConsentFlags>(() => ({ ...consent.granted }))
  const [pending, setPending] = useState<'accept_all' | 'deny_all' | 'save' | null>(null)
  const [failed, setFailed] = useState(false)
  const record = useConsentRecord(consent.decided)
  const lastChange = record.data?.status === 200 ? record.data.body.services[0] : undefined
  const lastEntry = lastChange?.consentHistory[lastChange.consentHistory.length - 1]

  const save = async (action: 'accept_all' | 'deny_all' | 'save', flags: ConsentFlags) => {
    setPending(action)
    setFailed(false)
    const saved = await saveConsentDecision(action, flags)
    setPending(null)
    if (saved) onClose()
    else setFailed(true)
  }

  return (
    <Modal
      open
      title="Cookie-Einstellungen"
      onClose={onClose}
      size="lg"
      footer={
        <div className="consent-settings__actions">
          <Button
            variant="secondary"
            pending={pending === 'deny_all'}
            disabled={pending !== null}
            onClick={() => void save('deny_all', noConsent())}
          >
            Alle ablehnen
          </Button>
          <Button
            variant="secondary"
            pending={pending === 'save'}
            disabled={pending !== null}
            onClick={() => void save('save', choice)}
          >
            Auswahl speichern
          </Button>
          <Button
            pending={pending === 'accept_all'}
            disabled={pending !== null}
            onClick={() => void save('accept_all', allConsent())}
          >
            Alle akzeptieren
          </Button>
        </div>
      }
    >
      <p>
        Hier entscheidest du für jeden Dienst einzeln. Deine Einwilligung ist freiwillig und
        jederzeit widerrufbar; widerrufst du sie, löschen wir die dazu gespeicherten Daten.
      </p>
      {failed && (
        <p className="consent-error" role="alert">
          {t('consent_save_failed')}
        </p>
      )}
      <fieldset className="consent-group">
        <legend className="consent-group__title">Notwendig</legend>
        <p className="consent-group__text">
          Sitzung, Warenkorb, Anmeldung und deine Cookie-Entscheidung. Ohne sie funktioniert der
          Shop nicht.
        </p>
        <ServiceSwitch
          label="Technisch notwendige Cookies"
          provider="Bitwerk"
          purpose="Immer aktiv."
          checked
          disabled
        />
      </fieldset>
      {CATEGORY_ORDER.map((category) => (
        <fieldset key={category} className="consent-group">
          <legend className="consent-group__title">{CONSENT_CATEGORIES[category].title}</legend>
          <p className="consent-group__text">{CONSENT_CATEGORIES[category].description}</p>
          {CONSENT_SERVICES.filter((service) => service.category === category).map((service) => (
            <ServiceSwitch
              key={service.templateId}
              label={service.serviceName}
              provider={service.provider}
              purpose={service.purpose}
              checked={choice[service.templateId]}
              onChange={(checked) =>
                setChoice((current) => ({ ...current, [service.templateId]: checked }))
              }
            />
          ))}
        </fieldset>
      ))}
      {consent.consentId && (
        <p className="consent-settings__id">
          Deine Einwilligungs-ID: <code>{consent.consentId}</code>
          {lastEntry && <> · zuletzt geändert am {formatDate(lastEntry.timestamp)}</>}
        </p>
      )}
    </Modal>
  )
}
