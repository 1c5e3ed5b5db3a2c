// The landing page of the link mailed to the university address (/studentenprogramm/bestaetigen):
// it confirms the address once in the browser (a POST, so mail scanners that only fetch the link
// confirm nothing) and says until when the membership runs.
import { useEffect, useRef } from 'react'
import { useSearchParams } from 'react-router-dom'
import { Link } from '#web/components/ui/link.tsx'
import { formatDate } from '#web/lib/format.ts'
import { errorText, t } from '#web/lib/messages.ts'
import { paths } from '#web/lib/paths.ts'
import { PageMeta } from '#web/lib/site.tsx'
import { useConfirmCampusEmail } from '../api.ts'

export function CampusConfirmPage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const confirm = useConfirmCampusEmail()
  const started = useRef(false)
  useEffect(() => {
    if (started.current || !token) return
    started.current = true
    confirm.mutate(token)
  }, [token, confirm])

  let content: React.ReactNode
  if (!token)
    content = (
      <p className="form-error" role="alert">
        {t('campus_link_invalid')}
      </p>
    )
  else if (confirm.isSuccess)
    content = (
      <>
        <p className="campus-confirm__success" role="status">
          {t('campus_email_confirmed', { date: formatDate(confirm.data.body.validUntil) })}
        </p>
        <p className="campus-hero__actions">
          <Link className="btn btn--primary btn--md" to={paths.campusDeals}>
            Zu den Campus-Deals
          </Link>
          <Link className="btn btn--secondary btn--md" to={paths.account.campus}>
            Zum Campusprogramm im Kundenkonto
          </Link>
        </p>
      </>
    )
  else if (confirm.isError)
    content = (
      <>
        <p className="form-error" role="alert">
          {errorText(confirm.error, 'campus_link_invalid')}
        </p>
        <Link to={paths.account.campus}>Zum Campusprogramm im Kundenkonto</Link>
      </>
    )
  else content = <p role="status">Wir bestätigen deine Adresse…</p>

  return (
    <div className="container campus-confirm">
      <PageMeta title="Hochschul-E-Mail-Adresse bestätigen" noindex />
      <h1>Hochschul-E-Mail-Adresse bestätigen</h1>
      {content}
    </div>
  )
}
