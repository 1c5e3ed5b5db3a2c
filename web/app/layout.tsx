import { Outlet } from 'react-router-dom'
import { Link } from '#web/components/ui/link.tsx'
import { HelpLauncher, SiteSkins } from '#web/features/ads/index.ts'
import { AddToCartButton, CartPopup } from '#web/features/cart/index.ts'
import {
  type CompareToggleProps,
  type ProductActions,
  ProductActionsProvider,
  type WishlistHeartProps,
} from '#web/features/catalog/index.ts'
import { CompareToggle } from '#web/features/comparison/index.ts'
import { ConsentRoot, ConsentSettingsButton } from '#web/features/consent/index.ts'
import {
  Header,
  HeaderActions,
  HeaderBodyProvider,
  HeaderGreeting,
  type HeaderPopups,
  ScrollTopButton,
} from '#web/features/header/index.ts'
import { WishlistHeart, WishlistPopup } from '#web/features/wishlist/index.ts'
import { INFO_SECTIONS, type InfoSection, paths } from '#web/lib/paths.ts'
import { usePersonalProduct } from '#web/lib/personal.tsx'
import { useSite } from '#web/lib/site.tsx'

/** The heart and "Vergleichen" depend on the visitor: the server render notes their products. */
function PersonalHeart(props: WishlistHeartProps) {
  usePersonalProduct(props.productId)
  return <WishlistHeart {...props} />
}

function PersonalCompareToggle(props: CompareToggleProps) {
  usePersonalProduct(props.productId)
  return <CompareToggle {...props} />
}

/** The cart's, wishlist's and comparison's buttons on the catalog's tiles and buy box. */
const PRODUCT_ACTIONS: ProductActions = {
  AddToCart: AddToCartButton,
  WishlistHeart: PersonalHeart,
  CompareToggle: PersonalCompareToggle,
}
const HEADER_POPUPS: HeaderPopups = { cart: CartPopup, wishlist: WishlistPopup }

/**
 * The header's parts that depend on the visitor, as the layout renders them: the server renders
 * them alone to put a customer's into a guest's cached page (web/entry-server.tsx).
 */
export const PERSONAL_HEADER_PARTS = {
  actions: <HeaderActions popups={HEADER_POPUPS} />,
  greeting: <HeaderGreeting />,
}

const FOOTER_SERVICE: InfoSection[] = ['shipping', 'withdrawal']
const FOOTER_LEGAL: InfoSection[] = ['conditions', 'privacy', 'imprint']

function Footer() {
  const { whiteLabel } = useSite()
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <nav aria-labelledby="footer-service">
          <h2 id="footer-service" className="site-footer__heading">
            Service
          </h2>
          <ul>
            {FOOTER_SERVICE.map((section) => (
              <li key={section}>
                <Link to={paths.info(section)}>{INFO_SECTIONS[section]}</Link>
              </li>
            ))}
            <li>
              <Link to={paths.withdrawal}>Vertrag widerrufen</Link>
            </li>
            <li>
              <Link to={paths.disposal}>Altgeräte und Batterien</Link>
            </li>
            {!whiteLabel && (
              <li>
                <Link to={paths.account.overview}>Mein Konto</Link>
              </li>
            )}
          </ul>
        </nav>
        <nav aria-labelledby="footer-shop">
          <h2 id="footer-shop" className="site-footer__heading">
            Einkaufen
          </h2>
          <ul>
            <li>
              <Link to={paths.campusDeals}>Campus-Deals</Link>
            </li>
            <li>
              <Link to={paths.newsletter}>Newsletter</Link>
            </li>
            {!whiteLabel && (
              <li>
                <Link to={paths.wishlist}>Merkzettel</Link>
              </li>
            )}
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="site-footer__heading">
            Rechtliches
          </h2>
          <ul>
            {FOOTER_LEGAL.map((section) => (
              <li key={section}>
                <Link to={paths.info(section)}>{INFO_SECTIONS[section]}</Link>
              </li>
            ))}
            <li>
              <ConsentSettingsButton className="site-footer__button" />
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="site-footer__heading">Bitwerk</h2>
          <p className="site-footer__text">
            Notebooks, Grafikkarten, Monitore und mehr. Alle Preise inkl. MwSt., zzgl.{' '}
            <Link to={paths.info('shipping')}>Versandkosten</Link>.
          </p>
        </div>
      </div>
      <p className="site-footer__copy container">© 2026 Bitwerk GmbH (Demo-Shop)</p>
      <ScrollTopButton />
    </footer>
  )
}

/**
 * The shop frame: skip link, header, the page, footer. Site-skin ads, the help button and the
 * consent banner are fixed overlays: they never move the page. The banner comes first in the
 * document: the browser paints it with the page's first paint instead of after parsing the whole
 * page, and keyboard and screen reader users meet the decision first.
 */
export function ShopLayout() {
  return (
    <>
      <a className="skip-link" href="#main">
        Zum Inhalt springen
      </a>
      <ConsentRoot />
      <Header popups={HEADER_POPUPS} />
      <main id="main" className="site-main" tabIndex={-1}>
        <ProductActionsProvider actions={PRODUCT_ACTIONS}>
          <HeaderBodyProvider>
            <Outlet />
          </HeaderBodyProvider>
        </ProductActionsProvider>
      </main>
      <Footer />
      <SiteSkins />
      <HelpLauncher />
    </>
  )
}
