// Catalog slice: category, product and search pages, product tiles and sliders (reused by the
// home page and the account dashboard), energy labels and the header's search suggestions.
export { catalogKeys, prefetchNavigation, useNavigationData } from './api.ts'
export { CategoryEntryPoints } from './components/category-entry-points.tsx'
export { EnergyBadge, EnergyLabelModal } from './components/energy-label.tsx'
export { HoldPaintUntil, PaintMarker } from './components/hold-paint.tsx'
export { PriceBlock } from './components/price-block.tsx'
export {
  type AddToCartProps,
  type CompareToggleProps,
  type ProductActions,
  ProductActionsProvider,
  type WishlistHeartProps,
} from './components/product-actions.tsx'
export { LastSeenSlider, ProductSlider, TopProductsSlider } from './components/product-slider.tsx'
export { ProductTile } from './components/product-tile.tsx'
export { type SearchSuggestions, useSearchSuggestions } from './components/search-suggestions.tsx'
export { catalogRoutes, homeLoader } from './routes.tsx'
