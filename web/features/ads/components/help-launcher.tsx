import { lazy, Suspense, useState } from 'react'

const HelpPanel = lazy(() =>
  import('./help-panel.tsx').then((module) => ({ default: module.HelpPanel })),
)

/**
 * The floating "Hilfe" button. The help widget and the support chat behind it are loaded only
 * when it is opened (storefront section 2).
 */
export function HelpLauncher() {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button
        type="button"
        className="help-launcher"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <span className="help-launcher__icon" aria-hidden="true">
          ?
        </span>
        Hilfe
      </button>
      {open && (
        <Suspense fallback={null}>
          <HelpPanel onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
