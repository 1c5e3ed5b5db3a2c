/**
 * Holds the first paint until the element `#{markerId}` is parsed (render-blocking `rel=expect`,
 * hoisted into <head> by React). Under a slow CPU the browser otherwise paints half-parsed
 * content (a header without all its actions, a price block without its notes, a select without
 * its options), and what arrives next moves it: layout shift. Put the marker after the content
 * that fills the first screen.
 */
export function HoldPaintUntil({ markerId }: { markerId: string }) {
  return <link rel="expect" href={`#${markerId}`} blocking="render" />
}

export function PaintMarker({ id }: { id: string }) {
  return <span id={id} hidden />
}
