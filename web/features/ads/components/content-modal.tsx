import { type ReactNode, useState } from 'react'
import { Modal } from '#web/components/ui/index.ts'
import { t } from '#web/lib/messages.ts'
import { useContent } from '../api.ts'
import { ContentBlocks } from './content-blocks.tsx'

/** A link-styled button that opens an editable content block in a modal (loaded when opened). */
export function ContentModalLink({
  contentId,
  children,
  className,
}: {
  contentId: string
  children: ReactNode
  className?: string
}) {
  const [open, setOpen] = useState(false)
  const content = useContent(contentId, { enabled: open })
  const snippet = content.data?.status === 200 ? content.data.body : undefined
  return (
    <>
      <button
        type="button"
        className={['link-button', className].filter(Boolean).join(' ')}
        onClick={() => setOpen(true)}
      >
        {children}
      </button>
      <Modal
        open={open}
        title={snippet?.title ?? (typeof children === 'string' ? children : 'Information')}
        onClose={() => setOpen(false)}
      >
        {snippet && <ContentBlocks blocks={snippet.blocks} headingLevel={3} />}
        {content.isPending && <p aria-busy="true">Wird geladen …</p>}
        {content.isError && <p role="alert">{t('content_unavailable')}</p>}
      </Modal>
    </>
  )
}
