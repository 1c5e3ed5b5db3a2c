// Site-wide values known at render time: the public origin (canonical URLs) and the variant.
import { createContext, type ReactNode, useContext } from 'react'

export type Site = { origin: string; whiteLabel: boolean }

const SiteContext = createContext<Site>({ origin: '', whiteLabel: false })

export function SiteProvider({ site, children }: { site: Site; children: ReactNode }) {
  return <SiteContext value={site}>{children}</SiteContext>
}

export function useSite(): Site {
  return useContext(SiteContext)
}

type PageMetaProps = {
  title: string
  description?: string
  /** Path of the canonical URL; defaults to none (pages that should not be indexed). */
  canonicalPath?: string
  noindex?: boolean
}

/** Title, description and canonical URL of a page; React hoists them into <head>. */
export function PageMeta({ title, description, canonicalPath, noindex }: PageMetaProps) {
  const { origin } = useSite()
  return (
    <>
      <title>{`${title} | Bitwerk`}</title>
      {description && <meta name="description" content={description} />}
      {canonicalPath !== undefined && <link rel="canonical" href={`${origin}${canonicalPath}`} />}
      {noindex && <meta name="robots" content="noindex" />}
    </>
  )
}

/** schema.org data for search engines. */
export function JsonLd({ data }: { data: object }) {
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped JSON data block
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }}
    />
  )
}
