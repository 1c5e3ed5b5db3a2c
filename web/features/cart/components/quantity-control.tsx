// Quantity of a cart line (storefront §4): plus, minus and the input, step 1, sent 800 ms after
// the last change. Plus and minus stop at the bounds; a typed quantity above the limit goes to
// the server, which caps it and answers maxQuantity: the field then shows that value and the
// quantity-error message.
import { useEffect, useId, useRef, useState } from 'react'
import type { CartActionResult } from '#contract/cart.ts'
import { CART_MAX_REQUEST_QUANTITY } from '#contract/cart.ts'
import { t } from '#web/lib/messages.ts'

export const QUANTITY_DEBOUNCE_MS = 800

type QuantityControlProps = {
  productName: string
  quantity: number
  /** Stock and per-order maximum as last known. */
  limit: number
  disabled?: boolean
  /** Sends the quantity; null when the change failed (the field goes back). */
  onCommit: (quantity: number) => Promise<CartActionResult | null>
  productId: number
}

export function QuantityControl({
  productName,
  quantity,
  limit,
  disabled = false,
  onCommit,
  productId,
}: QuantityControlProps) {
  const inputId = useId()
  const errorId = useId()
  const [text, setText] = useState(String(quantity))
  const [error, setError] = useState<string | null>(null)
  const committed = useRef(quantity)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const max = Math.max(1, limit)

  // A new quantity from the server (another tab, the popup) shows when nothing is pending.
  useEffect(() => {
    if (timer.current === undefined) {
      committed.current = quantity
      setText(String(quantity))
    }
  }, [quantity])
  useEffect(() => () => clearTimeout(timer.current), [])

  const send = async (next: number) => {
    timer.current = undefined
    if (next === committed.current) return
    const result = await onCommit(next)
    if (!result) {
      setText(String(committed.current))
      return
    }
    const line = result.products.find((product) => product.id === productId)
    const now = line?.quantity ?? next
    committed.current = now
    setText(String(now))
    setError(
      result.maxQuantity !== undefined
        ? t('cart_quantity_capped', { maxQuantity: result.maxQuantity })
        : null,
    )
  }

  const schedule = (next: number) => {
    setText(String(next))
    clearTimeout(timer.current)
    timer.current = setTimeout(() => void send(next), QUANTITY_DEBOUNCE_MS)
  }

  const current = Number.parseInt(text, 10)
  const value = Number.isFinite(current) ? current : committed.current
  return (
    <div className="quantity">
      <div className="quantity__controls">
        <button
          type="button"
          className="quantity__step"
          aria-label={`Menge von ${productName} verringern`}
          disabled={disabled || value <= 1}
          onClick={() => schedule(Math.max(1, value - 1))}
        >
          −
        </button>
        <label htmlFor={inputId} className="visually-hidden">
          Menge von {productName}
        </label>
        <input
          id={inputId}
          className="quantity__input"
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          step={1}
          value={text}
          disabled={disabled}
          aria-describedby={error ? errorId : undefined}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            setText(event.target.value)
            const typed = Number.parseInt(event.target.value, 10)
            clearTimeout(timer.current)
            timer.current = undefined
            if (Number.isFinite(typed) && typed >= 1) {
              schedule(Math.min(typed, CART_MAX_REQUEST_QUANTITY))
            }
          }}
          onBlur={() => {
            if (!(Number.parseInt(text, 10) >= 1) && timer.current === undefined) {
              setText(String(committed.current))
            }
          }}
        />
        <button
          type="button"
          className="quantity__step"
          aria-label={`Menge von ${productName} erhöhen`}
          disabled={disabled || value >= max}
          onClick={() => schedule(Math.min(max, value + 1))}
        >
          +
        </button>
      </div>
      {error && (
        <p id={errorId} className="quantity__error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
