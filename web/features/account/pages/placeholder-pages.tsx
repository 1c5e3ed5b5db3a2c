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

// TODO(#8): order list with filter, table and "Mehr".
export function OrdersPage() {
  return (
    <Placeholder>
      <p>Hier findest du bald alle deine Bestellungen mit Status und Lieferungen.</p>
      <Link to={paths.home}>Weiter einkaufen</Link>
    </Placeholder>
  )
}

// TODO(#8): order details with deliveries, addresses and price calculation.
export function OrderDetailsPage() {
  return (
    <Placeholder>
      <p>Hier siehst du bald die Details deiner Bestellung.</p>
    </Placeholder>
  )
}

// TODO(#8): stored credit cards.
export function CreditCardsPage() {
  return (
    <Placeholder>
      <p>Hier siehst du bald deine gespeicherten Kreditkarten.</p>
    </Placeholder>
  )
}
