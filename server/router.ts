// Every slice's ts-rest router, composed against the contract.
import { contract } from '#contract/index.ts'
import { accountRouter } from './account/index.ts'
import { addressesRouter } from './addresses/index.ts'
import { adsRouter } from './ads/index.ts'
import {
  backofficeAccessRouter,
  backofficeAfterSaleRouter,
  backofficeCategoriesRouter,
  backofficeImportRouter,
  backofficeInvoicesRouter,
  backofficeLegalRouter,
  backofficeManufacturersRouter,
  backofficePicturesRouter,
  backofficeRouter,
} from './backoffice/index.ts'
import { campusRouter } from './campus/index.ts'
import { cartRouter } from './cart/index.ts'
import { catalogPicturesRouter, catalogRouter } from './catalog/index.ts'
import { checkoutRouter } from './checkout/index.ts'
import { comparisonRouter } from './comparison/index.ts'
import { consentRouter } from './consent/index.ts'
import { creditCardsRouter } from './credit-cards/index.ts'
import { devRouter } from './dev/index.ts'
import { headerRouter } from './header/index.ts'
import { legalRouter } from './legal/index.ts'
import { newsletterRouter } from './newsletter/index.ts'
import {
  invoicesRouter,
  ordersRouter,
  refundsRouter,
  returnsRouter,
  withdrawalRouter,
} from './orders/index.ts'
import { s } from './platform/http.ts'
import { backofficeReviewsRouter, reviewsRouter } from './reviews/index.ts'
import { wishlistRouter } from './wishlist/index.ts'

export const router = s.router(contract, {
  account: accountRouter,
  addresses: addressesRouter,
  orders: ordersRouter,
  withdrawal: withdrawalRouter,
  returns: returnsRouter,
  refunds: refundsRouter,
  invoices: invoicesRouter,
  backofficeInvoices: backofficeInvoicesRouter,
  backofficeManufacturers: backofficeManufacturersRouter,
  creditCards: creditCardsRouter,
  campus: campusRouter,
  cart: cartRouter,
  checkout: checkoutRouter,
  wishlist: wishlistRouter,
  comparison: comparisonRouter,
  reviews: reviewsRouter,
  catalog: catalogRouter,
  catalogPictures: catalogPicturesRouter,
  header: headerRouter,
  newsletter: newsletterRouter,
  consent: consentRouter,
  ads: adsRouter,
  legal: legalRouter,
  backofficeAccess: backofficeAccessRouter,
  backoffice: backofficeRouter,
  backofficeAfterSale: backofficeAfterSaleRouter,
  backofficeImport: backofficeImportRouter,
  backofficeLegal: backofficeLegalRouter,
  backofficeReviews: backofficeReviewsRouter,
  backofficePictures: backofficePicturesRouter,
  backofficeCategories: backofficeCategoriesRouter,
  dev: devRouter,
})
