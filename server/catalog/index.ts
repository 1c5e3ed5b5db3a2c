// catalog slice: categories, listings with filters and facet counts, search and suggestions,
// product pages, energy labels, "Top Produkte" and "Zuletzt angesehene Produkte".

export { type CampusStatusColumns, isCampusMember, isCampusMemberRow } from './campus-price.ts'
export {
  createCategory,
  listCategoriesForStaff,
  moveCategory,
  moveCategoryToParent,
  renameCategory,
} from './category-admin.ts'
export { categoryFiltersForStaff, setCategoryFilters } from './category-filters.ts'
export { exportCatalog, importErrorReport } from './export.ts'
export {
  catalogImportErrors,
  catalogImportSummary,
  checkCatalogImport,
  runCatalogImportChunk,
} from './import.ts'
export { catalogCacheWithIndex as catalogCache } from './listing-index.ts'
export {
  createManufacturer,
  listManufacturersForStaff,
  type ManufacturerAdminError,
  updateManufacturer,
} from './manufacturer-admin.ts'
export {
  changeProductOffer,
  findProductOffer,
  listProductOffers,
  type ProductOffer,
  type ProductOfferChange,
} from './offer.ts'
export {
  addProductPictures,
  arrangeProductPictures,
  type InspectedUpload,
  inspectPicture,
  listProductPictures,
  removeProductPicture,
} from './pictures.ts'
export { catalogPicturesRouter } from './pictures-router.ts'
export { type PriceStep, recentPriceSteps } from './price-history.ts'
export {
  catalogChoices,
  createCatalogProduct,
  editCatalogProduct,
  type ProductAdminError,
  productForEditing,
  retireCatalogProduct,
} from './product-admin.ts'
export { setProductRating } from './rating.ts'
export {
  bestSellersFirst,
  firstPictureHash,
  largeApplianceIds,
  type SuggestionSourceRow,
} from './repo.ts'
export { catalogRouter, LAST_SEEN_COOKIE } from './router.ts'
export { searchTokens } from './search-query.ts'
export { availability, energyEfficiency } from './service.ts'
export { decrementStock, returnStock } from './stock.ts'
// buildSuggestIndex, querySuggestIndex: for the offline timing (scripts/bench/suggest-offline.ts).
export { buildSuggestIndex, querySuggestIndex, warmSuggestions } from './suggest-index.ts'
export { categoryUrl, productImageUrl, productUrl, tileImageUrl } from './urls.ts'
