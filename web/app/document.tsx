// The whole HTML document, rendered on the server and hydrated in the browser (React places
// each page's <title>, <meta> and canonical <link> into <head>).
import { type ReactNode, useEffect } from 'react'

export type PageAssets = {
  /** The page's first script (web/early.ts), loaded ahead of the bundle ('' for none). */
  early: string
  styles: string[]
  scripts: string[]
  preload: string[]
  /** Development only: Vite's client and the React refresh preamble. */
  inlineModules: string[]
}

export const STATE_ELEMENT_ID = '__state'

type DocumentProps = { assets: PageAssets; state: string; children: ReactNode }

export function Document({ assets, state, children }: DocumentProps) {
  // Every component's effects have run: the page is the script's now. What was clicked or sent
  // before the script ran is clicked or sent again (web/early.ts).
  useEffect(() => {
    window.__bitwerkAfterHydration?.()
  }, [])
  return (
    <html lang="de">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1f33" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {assets.early && <script type="module" async src={assets.early} />}
        {assets.styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {assets.preload.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
        {assets.inlineModules.map((code) => (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: Vite's dev preamble, development only
          <script key={code} type="module" dangerouslySetInnerHTML={{ __html: code }} />
        ))}
        {assets.scripts.map((src) => (
          <script key={src} type="module" src={src} />
        ))}
      </head>
      <body>
        {children}
        <script
          id={STATE_ELEMENT_ID}
          type="application/json"
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: server state as escaped JSON (a data block, never executed)
          dangerouslySetInnerHTML={{ __html: state }}
        />
      </body>
    </html>
  )
}

/** JSON safe inside a <script> element. */
export function serializeState(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}
