import type { OrderDelivery } from '#contract/orders.ts'

/** One delivery: number, status, shipping, and a preview of each product (account-area §2). */
export function DeliveryPreview({
  delivery,
  children,
}: {
  delivery: OrderDelivery
  children?: React.ReactNode
}) {
  return (
    <section className="delivery" aria-label={`Lieferung ${delivery.id}`}>
      <header className="delivery__head">
        <span className="delivery__number">Lieferung {delivery.id}</span>
        <span className={`order-status order-status--${delivery.status}`}>
          {delivery.statusLabel}
        </span>
        <span className="delivery__shipping">{delivery.orderDetails.otShipping.description}</span>
        <span className="delivery__total">{delivery.orderDetails.otTotal.price}</span>
      </header>
      {children}
      <ul className="delivery__products">
        {delivery.products.map((product) => (
          <li key={product.articleNumber} className="delivery__product">
            {product.productImage ? (
              <img
                className="delivery__image"
                src={product.productImage}
                alt=""
                width={64}
                height={64}
                loading="lazy"
              />
            ) : (
              <span className="delivery__image" aria-hidden="true" />
            )}
            <span className="delivery__name">{product.productName}</span>
            <span className="delivery__meta">Art.-Nr. {product.articleNumber}</span>
            <span className="delivery__meta">Menge: {product.productQuantity}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}
