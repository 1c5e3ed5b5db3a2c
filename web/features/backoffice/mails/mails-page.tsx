// /backoffice/mailversand: mails the shop could not deliver (failed for good) or that still
// wait after a failed attempt or for long, with recipient, subject, kind, attempts, last error
// and times. Customer service sends a mail again ("Erneut senden", audited); its text is never
// shown here (it may carry a login code or a reset link).
import { useSearchParams } from 'react-router-dom'
import type { BackofficeMail } from '#contract/backoffice.ts'
import { translate } from '#contract/messages.de.ts'
import { Button, SelectField } from '#web/components/ui/index.ts'
import { formatDateTime } from '#web/lib/format.ts'
import { problemText } from '../office-api.ts'
import { Loading, Pager } from '../shared.tsx'
import { type MailFilter, useProblemMails, useResendMail } from './api.ts'

const KIND_LABELS: Record<string, string> = {
  two_fa_code: 'Anmeldecode',
  staff_code: 'Anmeldecode Backoffice',
  password_reset: 'Passwort zurücksetzen',
  password_changed: 'Passwort geändert',
  email_changed: 'E-Mail-Adresse geändert',
  welcome: 'Willkommen',
  account_exists: 'Konto besteht schon',
  converted: 'Kundenkonto angelegt',
  order_confirmation: 'Bestellbestätigung',
  order_shipped: 'Versandbestätigung',
  order_cancelled: 'Stornierung',
  campus_confirm_email: 'Campus: E-Mail bestätigen',
  campus_document_received: 'Campus: Nachweis erhalten',
  campus_approved: 'Campus: freigegeben',
  campus_rejected: 'Campus: abgelehnt',
  campus_valid: 'Campus: aktiv',
  campus_renewal_reminder: 'Campus: Verlängerung',
  campus_expired: 'Campus: abgelaufen',
}

const STATUS_LABELS: Record<BackofficeMail['status'], string> = {
  queued: 'Wartet',
  sending: 'Wird gesendet',
  sent: 'Gesendet',
  failed: 'Fehlgeschlagen',
}

function filterOf(value: string | null): MailFilter {
  return value === 'failed' || value === 'waiting' ? value : undefined
}

function MailRow({ mail }: { mail: BackofficeMail }) {
  const resend = useResendMail()
  const resendable = mail.status === 'failed' || mail.status === 'queued'
  return (
    <tr>
      <td>{mail.to}</td>
      <td>{mail.subject}</td>
      <td>{KIND_LABELS[mail.kind] ?? mail.kind}</td>
      <td>
        <span className={`backoffice-mail-status backoffice-mail-status--${mail.status}`}>
          {STATUS_LABELS[mail.status]}
        </span>
      </td>
      <td>{mail.attempts}</td>
      <td className="backoffice-mail-error">{mail.lastError ?? '–'}</td>
      <td>
        <div>Erstellt {formatDateTime(mail.createdAt)}</div>
        {mail.lastAttemptAt && <div>Letzter Versuch {formatDateTime(mail.lastAttemptAt)}</div>}
        {mail.nextAttemptAt && <div>Nächster Versuch {formatDateTime(mail.nextAttemptAt)}</div>}
      </td>
      <td>
        {resendable && !resend.isSuccess && (
          <Button
            type="button"
            size="sm"
            variant="secondary"
            pending={resend.isPending}
            aria-label={`Erneut senden an ${mail.to}: ${mail.subject}`}
            onClick={() => resend.mutate(mail.id)}
          >
            Erneut senden
          </Button>
        )}
        {resend.isSuccess && <p role="status">{translate('backoffice_mail_resent')}</p>}
        {resend.error && (
          <p className="form-error" role="alert">
            {problemText(resend.error)}
          </p>
        )}
      </td>
    </tr>
  )
}

export function MailsPage() {
  const [params, setParams] = useSearchParams()
  const page = Math.max(1, Number(params.get('seite')) || 1)
  const status = filterOf(params.get('status'))
  const list = useProblemMails(page, status)
  const data = list.data?.status === 200 ? list.data.body : undefined
  return (
    <div className="backoffice-area">
      <p>
        Mails, die nicht zugestellt werden konnten, und Mails, die nach einem Fehlversuch oder seit
        mehr als 15 Minuten auf den Versand warten. Vorübergehende Fehler versucht der Shop bis zu
        etwa fünf Stunden lang selbst erneut; eine dauerhaft abgelehnte Mail (z. B. unbekanntes
        Postfach) wird sofort als fehlgeschlagen markiert.
      </p>
      {data && !data.smtpConfigured && (
        <p role="note">
          Kein Mailserver eingerichtet (SMTP_URL): Mails werden nicht versendet, sondern landen im
          Entwicklungs-Postfach.
        </p>
      )}
      <SelectField
        label="Anzeigen"
        value={status ?? ''}
        onChange={(event) => {
          const next = filterOf(event.target.value)
          setParams(next ? { status: next } : {})
        }}
      >
        <option value="">Alle Probleme</option>
        <option value="failed">Fehlgeschlagen</option>
        <option value="waiting">Wartend</option>
      </SelectField>
      {!data && <Loading error={list.error} />}
      {data && data.mails.length === 0 && <p role="status">Keine Probleme beim Mailversand.</p>}
      {data && data.mails.length > 0 && (
        <table className="backoffice-table">
          <caption className="visually-hidden">Mails mit Zustellproblemen</caption>
          <thead>
            <tr>
              <th scope="col">Empfänger</th>
              <th scope="col">Betreff</th>
              <th scope="col">Art</th>
              <th scope="col">Status</th>
              <th scope="col">Versuche</th>
              <th scope="col">Letzter Fehler</th>
              <th scope="col">Zeit</th>
              <th scope="col">Aktion</th>
            </tr>
          </thead>
          <tbody>
            {data.mails.map((mail) => (
              <MailRow key={mail.id} mail={mail} />
            ))}
          </tbody>
        </table>
      )}
      {data && (
        <Pager
          page={page}
          total={data.total}
          pageSize={data.pageSize}
          onPage={(next) => setParams({ ...(status ? { status } : {}), seite: String(next) })}
        />
      )}
    </div>
  )
}
