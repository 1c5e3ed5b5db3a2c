// /backoffice/campus/:id: one document application: what the customer entered, the account,
// the document (served to staff only, shown in a frame or as a picture), and the decision:
// approve with an end date or reject with a reason. The customer is mailed either way.
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, useWatch } from 'react-hook-form'
import { useParams } from 'react-router-dom'
import {
  CAMPUS_REJECTION_REASON_MIN,
  CAMPUS_REJECTION_REASONS,
  CampusApproveBodySchema,
  CampusRejectBodySchema,
  type StaffCampusApplicationDetail,
} from '#contract/backoffice-access.ts'
import { berlinDate, studentTypeOf } from '#contract/campus.ts'
import { Button, Field } from '#web/components/ui/index.ts'
import { Link } from '#web/components/ui/link.tsx'
import { formatDate } from '#web/lib/format.ts'
import { errorText, t } from '#web/lib/messages.ts'
import { backofficePaths } from '../paths.ts'
import { useApproveApplication, useCampusApplication, useRejectApplication } from './api.ts'

const STATUS_LABELS: Record<string, string> = {
  pending: 'Offen',
  approved: 'Bestätigt',
  rejected: 'Abgelehnt',
  withdrawn: 'Zurückgezogen',
  expired: 'Abgelaufen',
}

const MEMBERSHIP_LABELS: Record<string, string> = {
  unknown: 'Nicht registriert',
  pending: 'In Prüfung',
  valid: 'Aktiv',
  valid_near_expire: 'Aktiv, läuft bald ab',
  expired: 'Abgelaufen',
  deactivated: 'Deaktiviert',
}

function Document({ application }: { application: StaffCampusApplicationDetail }) {
  const document = application.document
  if (!document) return <p>Das Dokument ist nicht mehr gespeichert.</p>
  const isPdf = document.type === 'application/pdf'
  return (
    <div className="campus-document">
      {isPdf ? (
        <iframe className="campus-document__frame" src={document.url} title="Nachweis (PDF)" />
      ) : (
        <img className="campus-document__image" src={document.url} alt="Hochgeladener Nachweis" />
      )}
      <p>
        <a href={document.url} target="_blank" rel="noopener noreferrer">
          Nachweis in neuem Tab öffnen
        </a>{' '}
        ({document.name}, {Math.ceil(document.size / 1024)} KB)
      </p>
    </div>
  )
}

function Decision({ application }: { application: StaffCampusApplicationDetail }) {
  const approve = useApproveApplication(application.id)
  const reject = useRejectApplication(application.id)
  const approveForm = useForm({
    resolver: zodResolver(CampusApproveBodySchema),
    defaultValues: { validUntil: application.validTo },
  })
  const rejectForm = useForm({
    resolver: zodResolver(CampusRejectBodySchema),
    defaultValues: { reason: '' },
  })
  const validUntil = useWatch({ control: approveForm.control, name: 'validUntil' })
  const reason = useWatch({ control: rejectForm.control, name: 'reason' })
  const today = berlinDate(new Date())
  const reasonTooShort = reason.trim().length < CAMPUS_REJECTION_REASON_MIN
  const reasonError = rejectForm.formState.errors.reason?.message

  return (
    <div className="campus-decision">
      <form
        method="post"
        className="campus-decision__form"
        aria-label="Bestätigen"
        onSubmit={approveForm.handleSubmit((body) => approve.mutate(body.validUntil))}
      >
        <h2>Bestätigen</h2>
        <Field
          label="Campus-Mitgliedschaft gültig bis"
          type="date"
          min={today}
          hint="Vorgeschlagen: das Ende des Zeitraums im Antrag."
          required
          error={approveForm.formState.errors.validUntil?.message}
          {...approveForm.register('validUntil')}
        />
        {approve.error && (
          <p className="form-error" role="alert">
            {errorText(approve.error)}
          </p>
        )}
        <Button type="submit" pending={approve.isPending} disabled={!validUntil}>
          Nachweis bestätigen
        </Button>
      </form>
      <form
        method="post"
        className="campus-decision__form"
        aria-label="Ablehnen"
        onSubmit={rejectForm.handleSubmit((body) => reject.mutate(body.reason))}
      >
        <h2>Ablehnen</h2>
        <label className="field__label" htmlFor="campus-reason">
          Grund (geht an die Kundin / den Kunden)
        </label>
        <select
          className="select"
          aria-label="Häufige Gründe"
          value=""
          onChange={(event) =>
            rejectForm.setValue('reason', event.target.value, { shouldDirty: true })
          }
        >
          <option value="">Häufigen Grund übernehmen…</option>
          {CAMPUS_REJECTION_REASONS.map((text) => (
            <option key={text} value={text}>
              {text}
            </option>
          ))}
        </select>
        <textarea
          id="campus-reason"
          className="field__input campus-decision__reason"
          rows={3}
          maxLength={500}
          aria-invalid={reasonError ? true : undefined}
          {...rejectForm.register('reason')}
        />
        {reasonError && (
          <p className="field__error" role="alert">
            {t(reasonError)}
          </p>
        )}
        {reject.error && (
          <p className="form-error" role="alert">
            {errorText(reject.error)}
          </p>
        )}
        <Button type="submit" variant="danger" pending={reject.isPending} disabled={reasonTooShort}>
          Nachweis ablehnen
        </Button>
      </form>
    </div>
  )
}

export function CampusApplicationPage() {
  const id = Number(useParams().id)
  const query = useCampusApplication(Number.isInteger(id) && id > 0 ? id : 0)
  if (query.isError) {
    return (
      <p className="form-error" role="alert">
        {errorText(query.error)} <Link to={backofficePaths.campus}>Zurück zur Liste</Link>
      </p>
    )
  }
  if (query.data?.status !== 200) return <p role="status">Lädt…</p>
  const a = query.data.body
  const type = studentTypeOf(a.studentType)
  return (
    <div className="campus-application">
      <p>
        <Link to={backofficePaths.campus}>← Zurück zur Liste</Link>
      </p>
      <p className={`backoffice-status backoffice-status--${a.status}`} role="status">
        Status: {STATUS_LABELS[a.status] ?? a.status}
        {a.decidedAt && ` am ${formatDate(a.decidedAt)}`}
        {a.decidedBy && ` von ${a.decidedBy}`}
        {a.grantedUntil && `, gültig bis ${formatDate(a.grantedUntil)}`}
        {a.rejectionReason && `. Grund: ${a.rejectionReason}`}
      </p>
      <div className="campus-application__grid">
        <section aria-labelledby="campus-entered">
          <h2 id="campus-entered">Angaben im Antrag</h2>
          <dl className="backoffice-facts">
            <dt>Name</dt>
            <dd>
              {a.firstName} {a.lastName}
            </dd>
            <dt>Geburtsdatum</dt>
            <dd>{a.birthDate ? formatDate(a.birthDate) : '–'}</dd>
            <dt>Art</dt>
            <dd>{type.label}</dd>
            <dt>{type.school}</dt>
            <dd>{a.school}</dd>
            <dt>{type.validFrom}</dt>
            <dd>{a.validFrom ? formatDate(a.validFrom) : '–'}</dd>
            <dt>{type.validTo}</dt>
            <dd>{a.validTo ? formatDate(a.validTo) : '–'}</dd>
            <dt>Eingang</dt>
            <dd>
              {formatDate(a.submittedAt)}
              {a.isRenewal && ' (Verlängerung)'}
            </dd>
          </dl>
          <h2>Kundenkonto</h2>
          <dl className="backoffice-facts">
            <dt>Name im Konto</dt>
            <dd>
              {a.account.firstName} {a.account.lastName}
            </dd>
            <dt>E-Mail</dt>
            <dd>{a.account.email}</dd>
            <dt>Kundennummer</dt>
            <dd>{a.account.customerNumber ?? '–'}</dd>
            <dt>Campus-Status</dt>
            <dd>
              {MEMBERSHIP_LABELS[a.account.studentStatus] ?? a.account.studentStatus}
              {a.account.studentExpiration && ` bis ${formatDate(a.account.studentExpiration)}`}
            </dd>
          </dl>
          {a.history.length > 0 && (
            <>
              <h2>Frühere Anträge</h2>
              <ul>
                {a.history.map((h) => (
                  <li key={h.id}>
                    {formatDate(h.submittedAt)}: {h.method === 'email' ? 'E-Mail' : 'Nachweis'},{' '}
                    {STATUS_LABELS[h.status] ?? h.status}
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
        <section aria-labelledby="campus-document">
          <h2 id="campus-document">Nachweis</h2>
          <Document application={a} />
        </section>
      </div>
      {a.status === 'pending' && <Decision application={a} />}
    </div>
  )
}
