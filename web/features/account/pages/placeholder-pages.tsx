// Pages of later issues, with their titles (the layout shows them) and a short note.
import { Link } from 'react-router-dom'
import { paths } from '#web/lib/paths.ts'

function Placeholder({ children }: { children: React.ReactNode }) {
  return (
    <div className="account-panel">
      {children}
      <p className="account-panel__note">Dieser Bereich wird gerade für dich eingerichtet.</p>
    </div>
  )
}

// TODO(#9): Campus status and registration.
export function CampusPage() {
  return (
    <Placeholder>
      <p>
        Studierende, Schüler, Auszubildende und Lehrkräfte erhalten bei uns Campus-Preise. Die
        Anmeldung findest du bald hier.
      </p>
      <Link to={paths.campusDeals}>Zu den Campus-Deals</Link>
    </Placeholder>
  )
}
