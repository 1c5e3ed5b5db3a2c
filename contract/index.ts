// The whole API: one router per slice. The only file that knows every slice.
import { accountContract } from './account.ts'
import { addressesContract } from './addresses.ts'
import { adsContract } from './ads.ts'
import { backofficeContract } from './backoffice.ts'
import { backofficeAccessContract } from './backoffice-access.ts'
import { backofficeAfterSaleContract } from './backoffice-after-sale.ts'
import { backofficeCategoriesContract } from './backoffice-categories.ts'
import { backofficeImportContract } from './backoffice-import.ts'
import { backofficeLegalContract } from './backoffice-legal.ts'
import { backofficeManufacturersContract } from './backoffice-manufacturers.ts'
import { backofficePicturesContract } from './backoffice-pictures.ts'
import { campusContract } from './campus.ts'
import { cartContract } from './cart.ts'
import { catalogContract } from './catalog.ts'
import { catalogPicturesContract } from './catalog-pictures.ts'
import { checkoutContract } from './checkout.ts'
import { comparisonContract } from './comparison.ts'
import { consentContract } from './consent.ts'
import { creditCardsContract } from './credit-cards.ts'
import { devContract } from './dev.ts'
import { c, commonResponses } from './errors.ts'
import { headerContract } from './header.ts'
import { backofficeInvoicesContract, invoicesContract } from './invoices.ts'
import { legalContract } from './legal.ts'
import { newsletterContract } from './newsletter.ts'
import { ordersContract } from './orders.ts'
import { refundsContract } from './refunds.ts'
import { returnsContract } from './returns.ts'
import { backofficeReviewsContract, reviewsContract } from './reviews.ts'
import { wishlistContract } from './wishlist.ts'
import { withdrawalContract } from './withdrawal.ts'

export const contract = c.router(
  {
    account: accountContract,
    addresses: addressesContract,
    orders: ordersContract,
    withdrawal: withdrawalContract,
    returns: returnsContract,
    refunds: refundsContract,
    invoices: invoicesContract,
    backofficeInvoices: backofficeInvoicesContract,
    creditCards: creditCardsContract,
    campus: campusContract,
    cart: cartContract,
    checkout: checkoutContract,
    wishlist: wishlistContract,
    comparison: comparisonContract,
    reviews: reviewsContract,
    catalog: catalogContract,
    catalogPictures: catalogPicturesContract,
    header: headerContract,
    newsletter: newsletterContract,
    consent: consentContract,
    ads: adsContract,
    legal: legalContract,
    backofficeAccess: backofficeAccessContract,
    backoffice: backofficeContract,
    backofficeAfterSale: backofficeAfterSaleContract,
    backofficeImport: backofficeImportContract,
    backofficeLegal: backofficeLegalContract,
    backofficeManufacturers: backofficeManufacturersContract,
    backofficeReviews: backofficeReviewsContract,
    backofficePictures: backofficePicturesContract,
    backofficeCategories: backofficeCategoriesContract,
    dev: devContract,
  },
  { strictStatusCodes: true, commonResponses },
)

export type Contract = typeof contract
