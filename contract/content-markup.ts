// Inline links in content snippets: `[Text](/pfad)` or `[Text](https://…)`. Anything else stays
// plain text. Shared by the server's HTML rendering and the React renderer; zod-free.

export type InlinePart = { text: string; href?: string }

const LINK = /\[([^\]\n]{1,200})\]\(([^)\s]{1,500})\)/g

/** Relative shop paths and https links only (no javascript:, no protocol-relative //host). */
export function isSafeHref(href: string): boolean {
  return (href.startsWith('/') && !href.startsWith('//')) || href.startsWith('https://')
}

export function parseInline(text: string): InlinePart[] {
  const parts: InlinePart[] = []
  let last = 0
  for (const match of text.matchAll(LINK)) {
    const [whole, label = '', href = ''] = match
    const start = match.index ?? 0
    if (start > last) parts.push({ text: text.slice(last, start) })
    parts.push(isSafeHref(href) ? { text: label, href } : { text: whole })
    last = start + whole.length
  }
  if (last < text.length) parts.push({ text: text.slice(last) })
  return parts
}
