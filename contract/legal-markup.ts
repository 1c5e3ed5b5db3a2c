// The line markup of the legal texts (issue 20), edited in a textarea: a line starting with
// "## " is a heading, lines starting with "- " are the items of a list, every other non-empty
// line is a paragraph; links inside text as in content-markup.ts: `[Text](/pfad)`. Turns into the
// content blocks the info pages already render, and into plain text for mails. Zod-free.
import { parseInline } from './content-markup.ts'

export type MarkupBlock =
  | { type: 'heading'; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'list'; items: string[] }

export function parseLegalMarkup(source: string): MarkupBlock[] {
  const blocks: MarkupBlock[] = []
  for (const raw of source.replaceAll('\r\n', '\n').split('\n')) {
    const line = raw.trim()
    if (!line) continue
    if (line.startsWith('## ')) {
      blocks.push({ type: 'heading', text: line.slice(3).trim() })
    } else if (line.startsWith('- ')) {
      const item = line.slice(2).trim()
      const last = blocks.at(-1)
      if (last?.type === 'list') last.items.push(item)
      else blocks.push({ type: 'list', items: [item] })
    } else {
      blocks.push({ type: 'paragraph', text: line })
    }
  }
  return blocks
}

/** Links as "Text (https://shop/pfad)", so a mail's reader can follow them. */
function plainInline(text: string, publicUrl: string): string {
  return parseInline(text)
    .map((part) =>
      part.href
        ? `${part.text} (${part.href.startsWith('/') ? publicUrl + part.href : part.href})`
        : part.text,
    )
    .join('')
}

/** The text as plain paragraphs (headings in capitals, list items with a dash), for mails. */
export function legalMarkupToPlainText(source: string, publicUrl: string): string[] {
  return parseLegalMarkup(source).map((block) => {
    if (block.type === 'heading') return plainInline(block.text, publicUrl).toUpperCase()
    if (block.type === 'paragraph') return plainInline(block.text, publicUrl)
    return block.items.map((item) => `– ${plainInline(item, publicUrl)}`).join('\n')
  })
}
