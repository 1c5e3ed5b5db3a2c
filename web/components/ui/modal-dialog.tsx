import * as Dialog from '@radix-ui/react-dialog'
import { useEffect, useState } from 'react'
import type { ModalProps } from './modal.tsx'

/**
 * The dialog itself, on Radix Dialog (focus trap, focus return, Escape, aria-hidden outside,
 * scroll lock). Loaded lazily by <Modal>: Radix costs ~11 KB gzipped, which the first-load
 * budget cannot carry (docs/decisions.md, "Accessible primitives").
 */
export function ModalDialog({ title, onClose, children, footer, size = 'md' }: ModalProps) {
  // Radix gives focus back to a Dialog.Trigger; our modals are opened by any button, a link or
  // the URL, so the element focused before opening is remembered here (read during render,
  // before Radix moves focus inside) and focused again when the dialog goes.
  const [previous] = useState(() => document.activeElement as HTMLElement | null)
  useEffect(() => () => previous?.focus?.(), [previous])
  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay
          className="modal__backdrop"
          data-testid="modal-backdrop"
          // The backdrop alone closes (as before); Radix's own outside-press is switched off below
          // so a press that starts inside and ends outside (text selection) keeps the dialog open.
          onMouseDown={(event) => {
            if (event.target === event.currentTarget) onClose()
          }}
        >
          <Dialog.Content
            className={`modal modal--${size}`}
            aria-modal="true"
            aria-describedby={undefined}
            onPointerDownOutside={(event) => event.preventDefault()}
            onEscapeKeyDown={(event) => event.stopPropagation()}
            onCloseAutoFocus={(event) => event.preventDefault()}
          >
            <div className="modal__header">
              <Dialog.Title className="modal__title">{title}</Dialog.Title>
              <Dialog.Close className="modal__close" aria-label="Schließen">
                ×
              </Dialog.Close>
            </div>
            <div className="modal__body">{children}</div>
            {footer && <div className="modal__footer">{footer}</div>}
          </Dialog.Content>
        </Dialog.Overlay>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
