import { useEffect, useRef, useState } from 'react'

/**
 * The value, shown only after it has been set for `delayMs`; cleared at once. A value that
 * changes while one is already shown is shown at once (the field is already in error).
 */
export function useDelayedValue<T>(value: T | undefined, delayMs: number): T | undefined {
  const [shown, setShown] = useState<T | undefined>(undefined)
  // Read to decide, not to re-run: re-running on it would restart the delay.
  const shownRef = useRef(shown)
  shownRef.current = shown
  useEffect(() => {
    if (value === undefined || value === null || value === '') {
      setShown(undefined)
      return
    }
    if (shownRef.current !== undefined) {
      setShown(value)
      return
    }
    const timer = setTimeout(() => setShown(value), delayMs)
    return () => clearTimeout(timer)
  }, [value, delayMs])
  return shown
}
