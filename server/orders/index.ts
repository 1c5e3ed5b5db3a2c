// orders slice: owns the orders tables and the order's life (issue 18): checkout places orders
// and staff move and cancel deliveries through the functions below, each in the caller's
// transaction. Also the customer's orders in the account, the withdrawal function (issue 19)
// and what others read (bought together).
export type { OrderAddress, OrderPaymentMethod } from '#db/schema/orders.ts'
export {
  type AfterSaleQueueRow,
  afterSaleDetail,
  afterSaleQueue,
  orderIdByNumber,
  REFUND_DUE_DAYS,
  refundOrderId,
} from './after-sale-queue.ts'
export {
  cancelDelivery,
  type DeliveryState,
  type DeliveryTransition,
  nextStatuses,
  type PaymentRelease,
  type ReturnedStock,
  releasePaymentOfCancelledOrder,
  setDeliveryStatus,
} from './lifecycle.ts'
export {
  findOrderByKey,
  type NewDelivery,
  type NewLine,
  type NewOrder,
  orderOverview,
  type PlacedOrderRow,
  placeOrderRows,
} from './lifecycle-repo.ts'
export { ordersRouter } from './router.ts'
export { productsBoughtWith } from './service.ts'
export { withdrawalRouter } from './withdrawal-router.ts'
