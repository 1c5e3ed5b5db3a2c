// Plain server-rendered HTML for the sandbox's pages: an escaping template tag, the page frame,
// money formatting and the pages' own Content-Security-Policy.
import type { Response } from 'express'

export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value
  }
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

function render(value: unknown): string {
  if (value instanceof SafeHtml) return value.value
  if (Array.isArray(value)) return value.map(render).join('')
  if (value === null || value === undefined || value === false) return ''
  return escapeHtml(String(value))
}

/** Interpolations are escaped unless they are SafeHtml (another html`` result). */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0] ?? ''
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '')
  })
  return new SafeHtml(out)
}

export { formatEuro } from '#contract/money.ts'

export function formatDateTime(date: Date): string {
  return date.toLocaleString('de-DE', { timeZone: 'Europe/Berlin' })
}

export type PageOptions = {
  title: string
  basePath: string
  body: SafeHtml
  /** Pages shown inside the shop's iframe get no provider header and a transparent frame. */
  embedded?: boolean
  scripts?: string[]
  bodyData?: Record<string, string>
}

export function page(options: PageOptions): string {
  const { basePath } = options
  const data = Object.entries(options.bodyData ?? {}).map(
    ([name, value]) => html` data-${name}="${value}"`,
  )
  const chrome = options.embedded
    ? html`<main class="psp-embedded">${options.body}</main>`
    : html`<header class="psp-bar">
  <span class="psp-logo" aria-hidden="true">◆</span>
  <span class="psp-name">Bitpay</span>
  <span class="psp-badge">Sandbox</span>
</header>
<main class="psp-main">${options.body}</main>
<footer class="psp-footer">
  <p>Bitpay Sandbox: eine Testumgebung. Es wird kein echtes Geld bewegt.
  <a href="${basePath}/">Testdaten und Hilfe</a></p>
</footer>`
  return `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(options.title)} – Bitpay Sandbox</title>
<link rel="stylesheet" href="${escapeHtml(basePath)}/assets/sandbox.css">
${(options.scripts ?? []).map((src) => `<script src="${escapeHtml(basePath)}/assets/${escapeHtml(src)}" defer></script>`).join('\n')}
</head>
<body class="${options.embedded ? 'psp psp-is-embedded' : 'psp'}"${render(data)}>
${chrome.value}
</body>
</html>`
}

export type PagePolicy = {
  /** Who may frame the page: an origin list, or nobody. */
  frameAncestors?: string[]
  /** Extra origins the page's forms may post or redirect to (besides 'self'). */
  formTargets?: (string | null)[]
  /** The page frames the provider's own pages (the harness). */
  framesSelf?: boolean
}

/**
 * Sends a page with its own policy, replacing the shop's: the provider's pages run scripts and
 * styles only from /psp/assets, and only the given shop origin may frame the card form.
 */
export function sendPage(res: Response, status: number, body: string, policy: PagePolicy = {}) {
  const ancestors = policy.frameAncestors?.length ? policy.frameAncestors.join(' ') : "'none'"
  const formTargets = [
    "'self'",
    ...new Set((policy.formTargets ?? []).filter((o): o is string => Boolean(o))),
  ]
  const csp = [
    "default-src 'self'",
    "base-uri 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    `frame-src ${policy.framesSelf ? "'self'" : "'none'"}`,
    "object-src 'none'",
    `frame-ancestors ${ancestors}`,
    `form-action ${formTargets.join(' ')}`,
  ].join('; ')
  res.removeHeader('X-Frame-Options')
  res
    .status(status)
    .setHeader('Content-Security-Policy', csp)
    .setHeader('Cache-Control', 'no-store')
    .type('html')
    .send(body)
}
