// orders slice: owns the orders tables and the order's life (issue 18): checkout places orders,
// staff move, cancel, refund and take returns through the functions below (caller's transaction).
// Also the account's orders, withdrawal, returns, cancellation and refunds (issue 19), bought with.
export type { OrderAddress, OrderPaymentMethod } from '#db/schema/orders.ts'
export {
  type AfterSaleQueueRow,
  afterSaleDetail,
  afterSaleQueue,
  orderIdByNumber,
  REFUND_DUE_DAYS,
  refundOrderId,
} from './after-sale-queue.ts'
export { orderInvoiceFile, orderInvoiceList, resendInvoice } from './invoice-documents.ts'
export { invoicesRouter } from './invoices-router.ts'
export { deliveriesWithoutInvoice, issueDeliveryInvoice } from './invoicing.ts'
export { issueMissingInvoices, ordersJobs } from './jobs.ts'
export {
  cancelDelivery,
  type DeliveryState,
  type DeliveryTransition,
  nextStatuses,
  type ReturnedStock,
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
export {
  captureOrderPayment,
  executeRefund,
  markRefundPaid,
  proposeRefund,
  type RefundError,
  type RefundRequest,
  type RefundView,
  recordCancellationRefund,
  recordRefund,
  refundsOfOrder,
} from './refunds.ts'
export { refundsRouter } from './refunds-router.ts'
export {
  cancelReturn,
  closeReturn,
  inspectReturn,
  type ReturnView,
  receiveReturn,
  returnsOfOrder,
} from './returns.ts'
export { returnsRouter } from './returns-router.ts'
export { ordersRouter } from './router.ts'
export { customerBoughtProduct, productsBoughtWith } from './service.ts'
export { withdrawalRouter } from './withdrawal-router.ts'
