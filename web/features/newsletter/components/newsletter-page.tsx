import { AdSlot, ContentBlocks, useContent } from '#web/features/ads/index.ts'
import { paths } from '#web/lib/paths.ts'
import { PageMeta } from '#web/lib/site.tsx'
import { NewsletterForm } from './newsletter-form.tsx'

export const NEWSLETTER_INTRO_ID = 'newsletter_intro'

/** /newsletter: what the newsletter brings, the sign-up form and house ads. */
export function NewsletterPage() {
  const intro = useContent(NEWSLETTER_INTRO_ID)
  const snippet = intro.data?.status === 200 ? intro.data.body : undefined
  return (
    <div className="container newsletter-page">
      <PageMeta
        title="Newsletter abonnieren"
        description="Der Bitwerk-Newsletter: Deals der Woche, exklusive Gutscheine, Campus-Angebote und Neuheiten für Geschäftskunden. Jederzeit abbestellbar."
        canonicalPath={paths.newsletter}
      />
      <h1>Newsletter abonnieren</h1>
      <p className="newsletter-page__lead">
        Deals, Gutscheine und Neuheiten direkt in dein Postfach, kostenlos und jederzeit
        abbestellbar.
      </p>
      <div className="newsletter-page__grid">
        <section className="card newsletter-page__form" aria-labelledby="newsletter-form-title">
          <h2 id="newsletter-form-title">Jetzt anmelden</h2>
          <NewsletterForm />
        </section>
        {snippet && (
          <section className="newsletter-page__intro" aria-labelledby="newsletter-intro-title">
            <h2 id="newsletter-intro-title">{snippet.title}</h2>
            <ContentBlocks blocks={snippet.blocks} headingLevel={3} />
          </section>
        )}
      </div>
      <AdSlot target="newsletter-teaser" kind="slider" className="newsletter-page__ads" />
    </div>
  )
}
