// The Campus page of the account (account-area §2 Campus, §4 Campus status): the benefits, the
// page of the current status with the spec's texts, and the registration that status allows:
// by university e-mail (when automatedVerificationEnabled) or with a document. A success scrolls
// to the top, reloads customer and Campus data and shows the success text.
import { useState } from 'react'
import type { CampusStatusResponse } from '#contract/campus.ts'
import { type Feedback, FeedbackMessage, feedback } from '#web/components/ui/index.ts'
import { Link } from '#web/components/ui/link.tsx'
import { formatDate } from '#web/lib/format.ts'
import { errorText, t } from '#web/lib/messages.ts'
import { paths } from '#web/lib/paths.ts'
import { useCampusStatus } from '../api.ts'
import { CampusBenefits } from '../components/benefits.tsx'
import { CampusDocumentForm } from '../components/document-form.tsx'
import { CampusEmailForm } from '../components/email-form.tsx'

type Way = 'email' | 'document'

function Registration({
  status,
  intro,
  renewal = false,
  onSuccess,
}: {
  status: CampusStatusResponse
  intro?: string
  renewal?: boolean
  onSuccess: (message: string) => void
}) {
  const emailPossible = status.automatedVerificationEnabled
  const [way, setWay] = useState<Way>(emailPossible ? 'email' : 'document')
  const current = emailPossible ? way : 'document'
  return (
    <section className="account-panel campus-register" aria-labelledby="campus-register-title">
      <h2 id="campus-register-title" className="account-panel__title">
        {renewal ? 'Mitgliedschaft verlängern' : 'Für das Campusprogramm registrieren'}
      </h2>
      {intro && <p>{intro}</p>}
      {emailPossible && (
        <div className="campus-ways" role="radiogroup" aria-label="Art der Registrierung">
          <label className="radio">
            <input
              type="radio"
              name="campus-way"
              checked={current === 'email'}
              onChange={() => setWay('email')}
            />
            <span>Mit Hochschul-E-Mail-Adresse (sofort nach Bestätigung)</span>
          </label>
          <label className="radio">
            <input
              type="radio"
              name="campus-way"
              checked={current === 'document'}
              onChange={() => setWay('document')}
            />
            <span>Mit Nachweis hochladen (Ausweis, Bescheinigung, Ausbildungsvertrag)</span>
          </label>
        </div>
      )}
      {current === 'email' ? (
        <CampusEmailForm
          defaults={{ universityId: status.universityId, email: status.universityEmail }}
          submitLabel={renewal ? 'Jetzt verlängern' : 'Jetzt registrieren'}
          onSuccess={onSuccess}
        />
      ) : (
        <CampusDocumentForm
          submitLabel={renewal ? 'Nachweis für die Verlängerung senden' : 'Nachweis senden'}
          onSuccess={onSuccess}
        />
      )}
    </section>
  )
}

function StatusNotice({ children, kind = 'info' }: { children: React.ReactNode; kind?: string }) {
  return (
    <section className={`account-panel campus-status campus-status--${kind}`} aria-live="polite">
      {children}
    </section>
  )
}

function DealsLink() {
  return (
    <Link className="btn btn--primary btn--md" to={paths.campusDeals}>
      Zu den Campus-Deals
    </Link>
  )
}

function StatusContent({
  status,
  onSuccess,
}: {
  status: CampusStatusResponse
  onSuccess: (message: string) => void
}) {
  const until = status.campusProgramSubscriptionValidToDateTime
  const date = until ? formatDate(until) : ''
  const open = status.openApplication
  switch (status.campusProgramSubscriptionStatus) {
    case 'pending':
      if (open?.method === 'email') {
        return (
          <>
            <StatusNotice>
              <h2 className="account-panel__title">Bitte bestätige deine E-Mail-Adresse</h2>
              <p>{t('campus_email_pending', { email: open.universityEmail ?? '' })}</p>
              <p className="account-panel__note">
                Keine E-Mail erhalten? Prüfe deinen Spam-Ordner oder fordere unten einen neuen Link
                an.
              </p>
            </StatusNotice>
            <Registration status={status} onSuccess={onSuccess} />
          </>
        )
      }
      return (
        <StatusNotice>
          <h2 className="account-panel__title">Deine Registrierung wird geprüft</h2>
          <p>{t('campus_pending')}</p>
          <p>{t('campus_pending_shipping')}</p>
          <DealsLink />
        </StatusNotice>
      )
    case 'valid':
      return (
        <StatusNotice kind="success">
          <h2 className="account-panel__title">Du bist Campus-Mitglied</h2>
          <p>{t('campus_valid_until', { date })}</p>
          {open?.isRenewal && <p>{t('campus_renewal_pending')}</p>}
          {status.possibleRenewalDate && (
            <p className="account-panel__note">
              Eine Verlängerung ist ab dem {formatDate(status.possibleRenewalDate)} möglich.
            </p>
          )}
          <DealsLink />
        </StatusNotice>
      )
    case 'valid_near_expire':
      return (
        <>
          <StatusNotice kind="warning">
            <h2 className="account-panel__title">Deine Mitgliedschaft endet bald</h2>
            <p>{t('campus_valid_until', { date })}</p>
            <p>{t('campus_near_expire', { date })}</p>
            {open?.isRenewal && <p>{t('campus_renewal_pending')}</p>}
            <DealsLink />
          </StatusNotice>
          {!open && (
            <Registration
              status={status}
              renewal
              intro={
                status.automatedVerificationEnabled &&
                status.campusProgramVerificationType === 'email'
                  ? 'Bestätige einfach erneut deine Hochschul-E-Mail-Adresse. Ohne Hochschul-Adresse lädst du einen aktuellen Nachweis hoch.'
                  : 'Lade einen aktuellen Nachweis hoch, damit du weiter Campus-Preise erhältst.'
              }
              onSuccess={onSuccess}
            />
          )}
        </>
      )
    case 'expired':
      return (
        <>
          <StatusNotice kind="warning">
            <h2 className="account-panel__title">Deine Mitgliedschaft ist abgelaufen</h2>
            <p>{t('campus_expired', { date })}</p>
          </StatusNotice>
          <Registration status={status} renewal onSuccess={onSuccess} />
        </>
      )
    case 'deactivated':
      return (
        <>
          <StatusNotice kind="warning">
            <h2 className="account-panel__title">Deine Mitgliedschaft ist deaktiviert</h2>
            <p>{t('campus_deactivated')}</p>
            {status.rejectionReason && (
              <p>{t('campus_rejected_reason', { reason: status.rejectionReason })}</p>
            )}
          </StatusNotice>
          <Registration status={status} onSuccess={onSuccess} />
        </>
      )
    default:
      return <Registration status={status} onSuccess={onSuccess} />
  }
}

export function CampusAccountPage() {
  const status = useCampusStatus()
  const [message, setMessage] = useState<Feedback | null>(null)
  const onSuccess = (text: string) => {
    window.scrollTo({ top: 0, behavior: 'smooth' })
    setMessage(feedback('success', text))
  }
  const body = status.data?.status === 200 ? status.data.body : undefined
  return (
    <div className="campus-page">
      <FeedbackMessage feedback={message} visibleMs={10_000} />
      {status.isError && (
        <p className="form-error" role="alert">
          {errorText(status.error)}
        </p>
      )}
      {!body && !status.isError && <p className="account-loader">Lädt…</p>}
      {body && <StatusContent status={body} onSuccess={onSuccess} />}
      <div className="account-panel">
        <CampusBenefits />
        <p className="campus-benefits__more">
          <Link to={paths.campusDeals}>Zu den Campus-Deals</Link>
        </p>
      </div>
    </div>
  )
}
