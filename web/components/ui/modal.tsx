import { type ComponentType, type ReactNode, useEffect, useState } from 'react'
import { useHydrated } from './use-hydrated.ts'

export type ModalProps = {
  open: boolean
  title: string
  onClose: () => void
  children: ReactNode
  footer?: ReactNode
  size?: 'sm' | 'md' | 'lg' | 'xl'
}

type DialogComponent = ComponentType<ModalProps>

let loadedDialog: DialogComponent | null = null
let pending: Promise<DialogComponent> | null = null

/** Loads the Radix dialog chunk once; later calls share the same promise. */
export function preloadModal(): Promise<DialogComponent> {
  pending ??= import('./modal-dialog.tsx').then((module) => {
    loadedDialog = module.ModalDialog
    return module.ModalDialog
  })
  return pending
}

/** The Radix dialog once its chunk is there: at once when open, on idle time when mounted closed. */
function useDialogComponent(open: boolean, canPortal: boolean): DialogComponent | null {
  const [dialog, setDialog] = useState<DialogComponent | null>(() => loadedDialog)
  useEffect(() => {
    if (!canPortal || dialog) return
    let active = true
    const load = () => {
      void preloadModal().then((component) => {
        if (active) setDialog(() => component)
      })
    }
    if (open || typeof requestIdleCallback !== 'function') {
      load()
      return () => {
        active = false
      }
    }
    const handle = requestIdleCallback(load, { timeout: 2000 })
    return () => {
      active = false
      cancelIdleCallback(handle)
    }
  }, [open, canPortal, dialog])
  return dialog
}

/**
 * A dialog that closes on Escape and on a click outside; focus stays inside while open and
 * returns to where it was. The dialog is Radix Dialog, loaded in its own chunk.
 */
export function Modal(props: ModalProps) {
  // The server has no document.body to portal into, so a modal that is open on the first page
  // (a modal route loaded directly) appears right after hydration instead of differing from the
  // server's markup (React error #418).
  const canPortal = useHydrated()
  const Dialog = useDialogComponent(props.open, canPortal)
  if (!props.open || !canPortal || !Dialog) return null
  return <Dialog {...props} />
}
