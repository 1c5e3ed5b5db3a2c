/** One numbered step of the checkout, labelled by its heading. */
export function Section({
  title,
  step,
  children,
}: {
  title: string
  step: number
  children: React.ReactNode
}) {
  return (
    <section className="checkout-section" aria-labelledby={`checkout-step-${step}`}>
      <h2 id={`checkout-step-${step}`}>
        <span className="checkout-step-number">{step}</span> {title}
      </h2>
      {children}
    </section>
  )
}
