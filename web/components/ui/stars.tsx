// Star rating display (product reviews, issue 22): five stars filled to the average, with the
// value as text for screen readers ("4,5 von 5 Sternen").

/** `averageX100`: stars times 100 (e.g. 450). */
export function Stars({
  averageX100,
  size = 'md',
}: {
  averageX100: number
  size?: 'sm' | 'md' | 'lg'
}) {
  const value = (averageX100 / 100).toLocaleString('de-DE', { maximumFractionDigits: 1 })
  const percent = Math.max(0, Math.min(100, averageX100 / 5))
  return (
    <span className={`stars stars--${size}`} role="img" aria-label={`${value} von 5 Sternen`}>
      <span className="stars__fill" style={{ width: `${percent}%` }} aria-hidden="true">
        ★★★★★
      </span>
      <span aria-hidden="true">★★★★★</span>
    </span>
  )
}
