import { parseLegalMarkup } from '#contract/legal-markup.ts'
import { ContentBlocks } from '#web/features/ads/index.ts'

/** A legal text's line markup as headings, paragraphs and lists (links as in content blocks). */
export function LegalTextView({ body }: { body: string }) {
  return <ContentBlocks blocks={parseLegalMarkup(body)} />
}
