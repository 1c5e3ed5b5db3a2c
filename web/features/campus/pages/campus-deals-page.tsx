// /studentenprogramm (account-area §1, links out): what Campus is, its benefits, how to join, and
// the Campus deals (best sellers with a Campus price; members see the price itself).
import { Link } from '#web/components/ui/link.tsx'
import { ProductTile } from '#web/features/catalog/index.ts'
import { useHeaderData } from '#web/features/header/index.ts'
import { paths } from '#web/lib/paths.ts'
import { PageMeta } from '#web/lib/site.tsx'
import { useCampusDeals, useCampusStatus } from '../api.ts'
import { CampusBenefits } from '../components/benefits.tsx'

export function CampusDealsPage() {
  const deals = useCampusDeals()
  const products = deals.data?.status === 200 ? deals.data.body.products : []
  // Business customers cannot join (the status call answers 403 campus_not_for_business).
  const header = useHeaderData()
  const loggedIn = header.data?.status === 200 && header.data.body.isLoggedIn
  const status = useCampusStatus(loggedIn)
  const business = !!status.error && 'status' in status.error && status.error.status === 403
  return (
    <div className="container campus-deals">
      <PageMeta
        title="Campusprogramm: Technik zu Campus-Preisen"
        description="Das Bitwerk Campusprogramm: Campus-Preise für Studierende, Schüler/innen, Auszubildende und Lehrkräfte in Deutschland und Österreich. Kostenlos registrieren und sparen."
        canonicalPath={paths.campusDeals}
      />
      <header className="campus-hero">
        <h1>Das Bitwerk Campusprogramm</h1>
        <p>
          Studierende, Schüler/innen, Auszubildende und Lehrkräfte kaufen bei uns ausgewählte
          Technik zu Campus-Preisen. Registriere dich kostenlos in deinem Kundenkonto: mit deiner
          Hochschul-E-Mail-Adresse oder mit einem Nachweis.
        </p>
        <p className="campus-hero__actions">
          <a className="btn btn--primary btn--lg" href="#campus-deals">
            Zu den Campus-Deals
          </a>
          {business ? (
            <span className="campus-hero__note">
              Das Campusprogramm gilt für Privatkundenkonten.
            </span>
          ) : (
            <Link className="btn btn--secondary btn--lg" to={paths.account.campus}>
              Jetzt registrieren
            </Link>
          )}
        </p>
      </header>
      <CampusBenefits />
      <section
        id="campus-deals"
        className="campus-deals__list"
        aria-labelledby="campus-deals-title"
      >
        <h2 id="campus-deals-title">Campus-Deals</h2>
        {products.length === 0 ? (
          <p>Gerade gibt es keine Campus-Deals. Schau bald wieder vorbei.</p>
        ) : (
          <ul className="campus-deals__grid">
            {products.map((product, index) => (
              <li key={product.id}>
                <ProductTile product={product} eager={index < 4} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
