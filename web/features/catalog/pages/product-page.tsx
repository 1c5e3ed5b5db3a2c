// Product page /artikel/{slug}-{id}: gallery with zoom, price block, stock, warranty choice,
// technical data, energy label, "Top Produkte" and "Zuletzt angesehene Produkte".
import { useEffect, useState } from 'react'
import { data, type LoaderFunctionArgs, redirect, useLoaderData } from 'react-router-dom'
import type { ProductDetail } from '#contract/catalog.ts'
import { ReturnIcon, ShieldIcon, TruckIcon } from '#web/components/ui/index.ts'
import { AdSlot, prefetchAdSlot, Recommendations } from '#web/features/ads/index.ts'
import {
  prefetchProductReviews,
  ReviewsSection,
  reviewsJsonLd,
  useProductReviews,
} from '#web/features/reviews/index.ts'
import { formatPrice } from '#web/lib/format.ts'
import { isApiResponse } from '#web/lib/prefetch.ts'
import type { RouteContext } from '#web/lib/route-context.ts'
import { JsonLd, PageMeta, useSite } from '#web/lib/site.tsx'
import { prefetchProduct, prefetchTopProducts, useProduct } from '../api.ts'
import { Availability } from '../components/availability.tsx'
import { Breadcrumb } from '../components/breadcrumb.tsx'
import { BuyBox } from '../components/buy-box.tsx'
import { EnergyBadge } from '../components/energy-label.tsx'
import { Gallery } from '../components/gallery.tsx'
import { HoldPaintUntil, PaintMarker } from '../components/hold-paint.tsx'
import { PriceBlock } from '../components/price-block.tsx'
import { ProductSafety } from '../components/product-safety.tsx'
import { LastSeenSlider, TopProductsSlider } from '../components/product-slider.tsx'
import { TechData } from '../components/tech-data.tsx'
import { rememberProduct } from '../last-seen.ts'

type LoaderData = { productId: number }

/** The ad slot below the product, targeted at the category path's slugs. */
function sidebarAdSlot(product: ProductDetail) {
  return {
    target: 'product-sidebar',
    categories: product.breadcrumb.map((item) => item.url.split('/').pop() ?? ''),
  }
}

/** "/artikel/asus-rog-strix-g16-64" -> 64. */
export function productIdFromSlug(slug: string | undefined): number | null {
  const match = /-(\d{1,9})$/.exec(slug ?? '')
  return match?.[1] ? Number(match[1]) : null
}

export function productLoader(ctx: RouteContext) {
  return async ({ request, params }: LoaderFunctionArgs) => {
    const productId = productIdFromSlug(params.slug)
    if (productId === null) throw data(null, { status: 404 })
    let product: ProductDetail
    try {
      product = (await prefetchProduct(ctx.queryClient, request, productId)).body as ProductDetail
    } catch (error) {
      if (isApiResponse(error) && (error.status === 404 || error.status === 400)) {
        throw data(null, { status: 404 })
      }
      throw error
    }
    const url = new URL(request.url)
    // An old or shortened slug leads to the product's one address.
    if (url.pathname !== product.url) throw redirect(`${product.url}${url.search}`, 301)
    await Promise.all([
      prefetchTopProducts(ctx.queryClient, request, product.breadcrumb[0]?.id).catch(
        () => undefined,
      ),
      prefetchProductReviews(ctx.queryClient, request, productId).catch(() => undefined),
      prefetchAdSlot(ctx.queryClient, request, sidebarAdSlot(product)),
    ])
    return { productId } satisfies LoaderData
  }
}

const AVAILABILITY_SCHEMA = {
  in_stock: 'https://schema.org/InStock',
  low_stock: 'https://schema.org/LimitedAvailability',
  out_of_stock: 'https://schema.org/OutOfStock',
} as const

function productJsonLd(product: ProductDetail, origin: string, reviewLd: object) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: product.articleNumber,
    gtin13: product.ean,
    brand: { '@type': 'Brand', name: product.brand },
    category: product.category.name,
    image: product.images.map((image) => `${origin}${image.url}`),
    description: product.description.join(' '),
    offers: {
      '@type': 'Offer',
      url: `${origin}${product.url}`,
      priceCurrency: 'EUR',
      price: (product.priceCents / 100).toFixed(2),
      availability: AVAILABILITY_SCHEMA[product.availability],
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@type': 'Organization', name: 'Bitwerk' },
    },
    ...reviewLd,
  }
}

export function ProductPage() {
  const { productId } = useLoaderData() as LoaderData
  const { origin } = useSite()
  const { data: response } = useProduct(productId)
  const product = response?.status === 200 ? response.body : null
  const { data: reviews } = useProductReviews(productId, 'newest', 1)
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => {
    rememberProduct(productId)
    setHydrated(true)
  }, [productId])
  if (!product) return null
  const highlights = product.teaser.split(' · ').filter(Boolean)
  return (
    <div className="container product-page" data-hydrated={hydrated || undefined}>
      <HoldPaintUntil markerId="product-hero-parsed" />
      <PageMeta
        title={`${product.name} kaufen`}
        description={`${product.brand} ${product.name}: ${product.teaser}. Jetzt für ${formatPrice(product.priceCents)} bei Bitwerk bestellen.`}
        canonicalPath={product.url}
      />
      <JsonLd
        data={productJsonLd(
          product,
          origin,
          reviewsJsonLd(reviews?.status === 200 ? reviews.body : null),
        )}
      />
      <Breadcrumb items={[...product.breadcrumb, { name: product.name, url: product.url }]} />
      <div className="product-hero">
        <Gallery images={product.images} name={product.name} />
        <div className="product-buy">
          <p className="product-buy__brand">{product.brand}</p>
          <h1 className="product-buy__title">{product.name}</h1>
          <p className="product-buy__meta">
            Art.-Nr. {product.articleNumber} · EAN {product.ean}
          </p>
          {product.energyEfficiency && product.energyLabel && (
            <div className="product-buy__energy">
              <EnergyBadge productId={product.id} energy={product.energyEfficiency} />
              <a href={product.energyLabel.pdfUrl} target="_blank" rel="noopener">
                Produktdatenblatt
              </a>
            </div>
          )}
          <ul className="product-buy__highlights">
            {highlights.map((item) => (
              <li key={item} className="product-buy__highlight">
                {item}
              </li>
            ))}
          </ul>
          <PriceBlock prices={product} size="lg" />
          <Availability
            availability={product.availability}
            lowStockQuantity={product.lowStockQuantity}
            deliveryTime={product.deliveryTime}
            detailed
          />
          <BuyBox product={product} />
          <ul className="product-buy__trust">
            <li>
              <TruckIcon /> Ab 99 € versandkostenfrei innerhalb Deutschlands
            </li>
            <li>
              <ReturnIcon /> 14 Tage Widerrufsrecht
            </li>
            <li>
              <ShieldIcon /> Sicher bezahlen: PayPal, Kreditkarte, Rechnung
            </li>
          </ul>
        </div>
      </div>
      <PaintMarker id="product-hero-parsed" />
      <AdSlot {...sidebarAdSlot(product)} />
      <div className="product-details">
        <section className="product-details__section" aria-labelledby="description-title">
          <h2 id="description-title">Produktbeschreibung</h2>
          {product.description.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
        <section className="product-details__section" aria-labelledby="specs-title">
          <h2 id="specs-title">Technische Daten</h2>
          <TechData specs={product.specs} />
        </section>
        <ProductSafety product={product} />
      </div>
      <ReviewsSection productId={product.id} productUrl={product.url} />
      {/* First-party recommendations; shown only with consent to recommendations. */}
      <Recommendations query={{ type: 'bought_together', productId: product.id, limit: 8 }} />
      <TopProductsSlider categoryId={product.breadcrumb[0]?.id} excludeId={product.id} />
      <LastSeenSlider excludeId={product.id} />
    </div>
  )
}
