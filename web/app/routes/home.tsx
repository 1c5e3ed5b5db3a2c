import { Link } from '#web/components/ui/link.tsx'
import { AdSlot } from '#web/features/ads/index.ts'
import {
  CategoryEntryPoints,
  HoldPaintUntil,
  PaintMarker,
  TopProductsSlider,
} from '#web/features/catalog/index.ts'
import { paths } from '#web/lib/paths.ts'
import { JsonLd, PageMeta, useSite } from '#web/lib/site.tsx'

/** Home page: entry points into the shop, the categories and "Top Produkte". */
export function HomePage() {
  const { origin } = useSite()
  return (
    <div className="container home">
      <HoldPaintUntil markerId="home-parsed" />
      <PageMeta
        title="Technik online kaufen: Notebooks, Grafikkarten, Monitore"
        description="Bitwerk: Notebooks, Gaming-PCs, Grafikkarten, Monitore und Zubehör zu fairen Preisen. Schneller Versand, Campus-Rabatte für Studierende und Angebote für Geschäftskunden."
        canonicalPath="/"
      />
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'WebSite',
          name: 'Bitwerk',
          url: `${origin}/`,
          potentialAction: {
            '@type': 'SearchAction',
            target: `${origin}/produkte/{search_term_string}`,
            'query-input': 'required name=search_term_string',
          },
        }}
      />
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title" className="hero__title">
          Technik, die mitdenkt.
        </h1>
        <p className="hero__text">
          Notebooks, Grafikkarten und Monitore von allen großen Marken, mit Campus-Preisen für
          Studierende, Schüler, Auszubildende und Lehrkräfte.
        </p>
        <div className="hero__actions">
          <Link className="btn btn--primary btn--lg" to={paths.campusDeals}>
            Zu den Campus-Deals
          </Link>
          <Link className="btn btn--secondary btn--lg" to={paths.account.register}>
            Kundenkonto anlegen
          </Link>
        </div>
      </section>
      <AdSlot target="home-slider" kind="slider" className="home__ads" />
      <CategoryEntryPoints />
      <PaintMarker id="home-parsed" />
      <TopProductsSlider />
    </div>
  )
}
