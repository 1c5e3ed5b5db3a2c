// What a server render notes for the page cache's personal pages (issue 23): the products whose
// buttons (wishlist heart, "Vergleichen") depend on the visitor. A guest's cached page is reused
// for a customer only when none of those products is on the customer's wishlist or comparison;
// otherwise the customer's page is rendered in full. In the browser nothing is collected.
import { createContext, type ReactNode, useContext } from 'react'

const PersonalProductsContext = createContext<Set<number> | null>(null)

export function PersonalProductsCollector({
  into,
  children,
}: {
  into: Set<number>
  children: ReactNode
}) {
  return <PersonalProductsContext value={into}>{children}</PersonalProductsContext>
}

/** Notes (server render only) that this product's markup depends on the visitor. */
export function usePersonalProduct(productId: number): void {
  useContext(PersonalProductsContext)?.add(productId)
}
