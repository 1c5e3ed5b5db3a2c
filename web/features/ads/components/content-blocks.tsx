import type { ContentBlock } from '#contract/ads.ts'
import { parseInline } from '#contract/content-markup.ts'
import { VideoEmbed } from '#web/features/consent/index.ts'
import { SmartLink } from './ad-card.tsx'

function Inline({ text }: { text: string }) {
  return (
    <>
      {parseInline(text).map((part, index) =>
        part.href ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed text
          <SmartLink key={index} href={part.href}>
            {part.text}
          </SmartLink>
        ) : (
          part.text
        ),
      )}
    </>
  )
}

/** The blocks of a content snippet as React elements (no HTML from the database). */
export function ContentBlocks({
  blocks,
  headingLevel = 2,
}: {
  blocks: ContentBlock[]
  headingLevel?: 2 | 3
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <div className="content-blocks">
      {blocks.map((block, index) => {
        const key = `${block.type}-${index}`
        if (block.type === 'heading') return <Heading key={key}>{block.text}</Heading>
        if (block.type === 'paragraph')
          return (
            <p key={key}>
              <Inline text={block.text} />
            </p>
          )
        if (block.type === 'list')
          return (
            <ul key={key}>
              {block.items.map((item) => (
                <li key={item}>
                  <Inline text={item} />
                </li>
              ))}
            </ul>
          )
        return <VideoEmbed key={key} youtubeId={block.youtubeId} title={block.title} />
      })}
    </div>
  )
}
