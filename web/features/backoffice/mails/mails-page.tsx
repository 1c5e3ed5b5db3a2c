// /backoffice/mailversand: mails the shop could not deliver (failed for good) or that still
// wait after a failed attempt or for long, with recipient, subject, kind, attempts, last error
// and times. Customer service sends a mail again ("Erneut senden", audited); its text is never
// shown here (it may carry a login code or a reset link).
import { createColumnHelper } from '@tanstack/react-table'
import { useSearchParams } from 'react-router-dom'
import type { BackofficeMail } from '#contract/backoffice.ts'
import { translate } from '#contract/messages.de.ts'
import { Button, SelectField } from '#web/components/ui/index.ts'
import { formatDateTime } from '#web/lib/format.ts'
import { DataTable } from '../components/data-table.tsx'
import { problemText } from '../office-api.ts'
import { Loading } from '../shared.tsx'
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

function ResendCell({ mail }: { mail: BackofficeMail }) {
  const resend = useResendMail()
  const resendable = mail.status === 'failed' || mail.status === 'queued'
  return (
    <>
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
    </>
  )
}

const column = createColumnHelper<BackofficeMail>()
const COLUMNS = [
  column.accessor('to', { header: 'Empfänger' }),
  column.accessor('subject', { header: 'Betreff' }),
  column.accessor((mail) => KIND_LABELS[mail.kind] ?? mail.kind, { id: 'kind', header: 'Art' }),
  column.accessor('status', {
    header: 'Status',
    cell: (info) => (
      <span className={`backoffice-mail-status backoffice-mail-status--${info.getValue()}`}>
        {STATUS_LABELS[info.getValue()]}
      </span>
    ),
  }),
  column.accessor('attempts', { header: 'Versuche' }),
  column.accessor((mail) => mail.lastError ?? '–', {
    id: 'lastError',
    header: 'Letzter Fehler',
    meta: { className: 'backoffice-mail-error' },
  }),
  column.display({
    id: 'times',
    header: 'Zeit',
    cell: ({ row: { original: mail } }) => (
      <>
        <div>Erstellt {formatDateTime(mail.createdAt)}</div>
        {mail.lastAttemptAt && <div>Letzter Versuch {formatDateTime(mail.lastAttemptAt)}</div>}
        {mail.nextAttemptAt && <div>Nächster Versuch {formatDateTime(mail.nextAttemptAt)}</div>}
      </>
    ),
  }),
  column.display({
    id: 'action',
    header: 'Aktion',
    cell: ({ row }) => <ResendCell mail={row.original} />,
  }),
]

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
      {data && (
        <DataTable
          caption="Mails mit Zustellproblemen"
          columns={COLUMNS}
          rows={data.mails}
          rowId={(mail) => String(mail.id)}
          empty={<p role="status">Keine Probleme beim Mailversand.</p>}
          serverPage={{
            page,
            total: data.total,
            pageSize: data.pageSize,
            onPage: (next) => setParams({ ...(status ? { status } : {}), seite: String(next) }),
          }}
        />
      )}
    </div>
  )
}
