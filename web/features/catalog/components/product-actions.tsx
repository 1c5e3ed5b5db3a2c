// The injection point for the buttons other slices own: "In den Warenkorb" (cart), the
// wishlist heart and "Vergleichen" (comparison). The app provides them (web/app), so the catalog imports neither slice and no
// import cycle can arise; without a provider the tiles show no buttons.
import { type ComponentType, createContext, type ReactNode, useContext } from 'react'

export type AddToCartProps = {
  productId: number
  productName: string
  quantity?: number
  /** A warranty chosen on the product page. */
  warrantyId?: number | null
  disabled?: boolean
  variant: 'tile' | 'buy-box'
}

export type WishlistHeartProps = {
  productId: number
  productName: string
  variant: 'tile' | 'buy-box'
}

export type CompareToggleProps = WishlistHeartProps

export type ProductActions = {
  AddToCart: ComponentType<AddToCartProps>
  WishlistHeart: ComponentType<WishlistHeartProps>
  /** "Vergleichen" (comparison slice); optional: without it no toggle shows. */
  CompareToggle?: ComponentType<CompareToggleProps>
}

const ProductActionsContext = createContext<ProductActions | null>(null)

export function ProductActionsProvider({
  actions,
  children,
}: {
  actions: ProductActions
  children: ReactNode
}) {
  return <ProductActionsContext value={actions}>{children}</ProductActionsContext>
}

export function useProductActions(): ProductActions | null {
  return useContext(ProductActionsContext)
}
