// The help widget (lazy chunk): frequent questions from the content block "help_faq", contact
// ways and the support chat (chat id 1, loaded on demand).
import { lazy, Suspense, useState } from 'react'
import type { ContentBlock } from '#contract/ads.ts'
import { Accordion, type AccordionItem, Button, Modal } from '#web/components/ui/index.ts'
import { t } from '#web/lib/messages.ts'
import { useContent } from '../api.ts'
import { ContentBlocks } from './content-blocks.tsx'

const ChatPanel = lazy(() =>
  import('./chat-panel.tsx').then((module) => ({ default: module.ChatPanel })),
)

/** Each heading with the blocks below it becomes one accordion item. */
export function faqItems(blocks: ContentBlock[]): AccordionItem[] {
  const items: { title: string; blocks: ContentBlock[] }[] = []
  for (const block of blocks) {
    if (block.type === 'heading') items.push({ title: block.text, blocks: [] })
    else items[items.length - 1]?.blocks.push(block)
  }
  return items.map((item, index) => ({
    id: `faq-${index}`,
    title: item.title,
    content: <ContentBlocks blocks={item.blocks} headingLevel={3} />,
  }))
}

export function HelpPanel({ onClose }: { onClose: () => void }) {
  const [view, setView] = useState<'help' | 'chat'>('help')
  const faq = useContent('help_faq')
  const snippet = faq.data?.status === 200 ? faq.data.body : undefined
  if (view === 'chat') {
    return (
      <Modal open title="Chat mit dem Kundenservice" onClose={onClose}>
        <Suspense fallback={<p aria-busy="true">Chat wird geladen …</p>}>
          <ChatPanel onBack={() => setView('help')} />
        </Suspense>
      </Modal>
    )
  }
  return (
    <Modal open title="Hilfe & Kontakt" onClose={onClose}>
      <div className="help-panel">
        <h3 className="help-panel__heading">{snippet?.title ?? 'Häufige Fragen'}</h3>
        {snippet && <Accordion items={faqItems(snippet.blocks)} />}
        {faq.isPending && <p aria-busy="true">Wird geladen …</p>}
        {faq.isError && <p role="alert">{t('content_unavailable')}</p>}
        <h3 className="help-panel__heading">Persönlich für dich da</h3>
        <p>
          Telefon: <a href="tel:+4930000000">030 000 000</a> (Mo–Fr 8–18 Uhr)
          <br />
          E-Mail: <a href="mailto:service@bitwerk.example">service@bitwerk.example</a>
        </p>
        <Button onClick={() => setView('chat')}>Chat starten</Button>
      </div>
    </Modal>
  )
}
