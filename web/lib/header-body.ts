// The header data's body for the components of a page that depend on the visitor (wishlist
// hearts, "Vergleichen", the reviews' write area). The header slice provides it
// (HeaderBodyProvider: one query observer for the whole page); features that the header itself
// reaches through the catalog read it from here, without an import cycle.
import { createContext, useContext } from 'react'
import type { HeaderData } from '#contract/header.ts'

export const HeaderBodyContext = createContext<HeaderData | undefined>(undefined)

/** The header data's body from the nearest HeaderBodyProvider (undefined outside one). */
export function useHeaderBody(): HeaderData | undefined {
  return useContext(HeaderBodyContext)
}
