// Thin handlers of the back office's work areas. The staff guard has admitted the caller by the
// route's `staffOnly(...)` before any of these runs; every change goes through `auditedChange`
// (change and audit entry in one transaction).
import { contract } from '#contract/index.ts'
import { translate } from '#contract/messages.de.ts'
import { requestPasswordReset } from '#server/account/index.ts'
import {
  catalogCache,
  catalogChoices,
  createCatalogProduct,
  createCategory,
  editCatalogProduct,
  listCategoriesForStaff,
  moveCategory,
  type ProductAdminError,
  productForEditing,
  renameCategory,
  retireCatalogProduct,
} from '#server/catalog/index.ts'
import { captureOrderPayment, executeRefund } from '#server/orders/index.ts'
import { respond } from '#server/platform/errors.ts'
import { s } from '#server/platform/http.ts'
import { ok } from '#server/platform/result.ts'
import { actorOf, auditedChange, writeAudit } from './audit.ts'
import * as customers from './customers.ts'
import * as dashboard from './dashboard.ts'
import * as mailDelivery from './mail-delivery.ts'
import * as orders from './orders.ts'
import * as products from './products.ts'
import * as repo from './repo.ts'
import * as vouchers from './vouchers.ts'

const CUSTOMER = 'customer'
const DELIVERY = 'order_delivery'
const PRODUCT = 'product'
const CATEGORY = 'category'
const VOUCHER = 'voucher'
const MAIL = 'mail'
/** How the audit names what the provider did with a refund. */
const RELEASE_ACTIONS: Record<string, string> = {
  void: 'voided',
  refund: 'refunded',
  partial_void: 'reduced',
}

export const backofficeRouter = s.router(contract.backoffice, {
  overview: async ({ req }) => ({ status: 200, body: await dashboard.overview(req.ctx) }),

  trackingReport: async ({ req, query }) => {
    const result = await dashboard.trackingReport(req.ctx, query)
    if (!result.ok) return respond(result.code)
    return { status: 200, body: result.value }
  },

  searchCustomers: async ({ req, query }) => ({
    status: 200,
    body: await customers.searchCustomers(req.ctx.db, query),
  }),

  getCustomer: async ({ req, params }) => {
    const detail = await customers.customerDetail(req.ctx, req.ctx.db, params.id)
    return detail ? { status: 200, body: detail } : respond('not_found')
  },

  changeCustomerBusiness: async ({ req, params, body }) => {
    const result = await auditedChange(
      req,
      'customer.business.change',
      { type: CUSTOMER, id: params.id },
      (tx) => customers.changeBusiness(tx, req.ctx, params.id, body),
    )
    if (!result.ok) {
      return respond(result.code)
    }
    const detail = await customers.customerDetail(req.ctx, req.ctx.db, params.id)
    return detail ? { status: 200, body: detail } : respond('not_found')
  },

  unblockCustomer: async ({ req, params }) => {
    const result = await auditedChange(
      req,
      'customer.login.unblock',
      { type: CUSTOMER, id: params.id },
      (tx) => customers.unblockLogin(tx, req.ctx, params.id),
    )
    if (!result.ok) {
      return respond(result.code)
    }
    const detail = await customers.customerDetail(req.ctx, req.ctx.db, params.id)
    return detail ? { status: 200, body: detail } : respond('not_found')
  },

  sendCustomerPasswordReset: async ({ req, params }) => {
    const customer = await repo.findCustomer(req.ctx.db, params.id)
    if (!customer) return respond('not_found')
    if (customer.isLight) return respond('backoffice_reset_not_possible')
    const staff = await actorOf(req)
    // The shop's own reset (link, lifetime, limits: at most 3 mails per address and hour).
    const result = await requestPasswordReset(req.ctx, customer.email, {
      ip: req.ip ?? 'unknown',
      deviceToken: undefined,
    })
    if (!result.ok) return respond('rate_limited')
    await writeAudit(
      req,
      { staffId: staff.staffId, email: staff.email },
      {
        action: 'customer.password_reset.send',
        target: { type: CUSTOMER, id: params.id },
        after: { mailedTo: customer.email },
      },
    )
    return {
      status: 200,
      body: { successful: true as const, message: translate('backoffice_reset_sent') },
    }
  },

  listOrders: async ({ req, query }) => ({
    status: 200,
    body: await orders.listOrders(req.ctx.db, query),
  }),

  getOrder: async ({ req, params }) => {
    const detail = await orders.orderDetail(req.ctx.db, { orderNumber: params.orderNumber })
    return detail ? { status: 200, body: detail } : respond('not_found')
  },

  moveDelivery: async ({ req, params, body }) => {
    const result = await auditedChange(
      req,
      `order.delivery.${body.status}`,
      { type: DELIVERY, id: params.id },
      (tx, staff) =>
        orders.moveDelivery(tx, req.ctx, {
          deliveryId: params.id,
          status: body.status,
          trackingNumber: body.trackingNumber,
          staffId: staff.staffId,
        }),
    )
    if (!result.ok) {
      return respond(result.code)
    }
    // Shipped: the provider's authorization is captured after the commit (issue 19).
    if (body.status === 'shipped') {
      const capture = await captureOrderPayment(req.ctx, result.value.orderId)
      if (capture?.action === 'failed') req.ctx.log.error({ capture }, 'payment capture failed')
    }
    const detail = await orders.orderDetail(req.ctx.db, { id: result.value.orderId })
    return detail ? { status: 200, body: detail } : respond('not_found')
  },

  cancelDelivery: async ({ req, params, body }) => {
    const result = await auditedChange(
      req,
      'order.delivery.cancelled',
      { type: DELIVERY, id: params.id },
      (tx, staff) =>
        orders.cancelDelivery(tx, req.ctx, {
          deliveryId: params.id,
          reason: body.reason,
          staffId: staff.staffId,
        }),
    )
    if (!result.ok) {
      return respond(result.code)
    }
    // Stock changed: the shop shows availability from the fresh numbers at once.
    catalogCache(req.ctx).invalidate()
    // The delivery's refund goes out after the commit (issue 19), with its own entry.
    const refund = result.value.refundId
      ? await executeRefund(req.ctx, result.value.refundId)
      : null
    const release = refund && {
      refundId: refund.id,
      paymentId: refund.pspPaymentId,
      action:
        refund.status === 'failed'
          ? 'failed'
          : (RELEASE_ACTIONS[refund.pspAction ?? ''] ?? refund.status),
      amountCents: refund.amountCents,
      ...(refund.failure ? { problem: refund.failure } : {}),
    }
    if (release) {
      if (release.action === 'failed') req.ctx.log.error({ release }, 'payment release failed')
      const staff = await actorOf(req)
      await writeAudit(
        req,
        { staffId: staff.staffId, email: staff.email },
        {
          action: 'order.payment.released',
          target: { type: 'order', id: result.value.orderId },
          after: release,
        },
      )
    }
    const detail = await orders.orderDetail(req.ctx.db, { id: result.value.orderId })
    return detail ? { status: 200, body: detail } : respond('not_found')
  },

  listProducts: async ({ req, query }) => ({
    status: 200,
    body: await products.listProducts(req.ctx.db, query),
  }),

  getProductPrices: async ({ req, params }) => {
    const prices = await products.productPrices(req.ctx, params.id)
    return prices ? { status: 200, body: prices } : respond('not_found')
  },

  updateProduct: async ({ req, params, body }) => {
    const result = await auditedChange(
      req,
      'product.update',
      { type: PRODUCT, id: params.id },
      (tx) => products.updateProduct(tx, req.ctx, params.id, body),
    )
    if (!result.ok) return respond(result.code)
    // The database trigger tells every process; this one drops its cache before answering, so
    // the next shop request of the same member of staff already sees the change.
    catalogCache(req.ctx).invalidate()
    return { status: 200, body: result.value.product }
  },

  getCatalogChoices: async ({ req }) => ({
    status: 200,
    body: await catalogChoices(req.ctx.db),
  }),

  getProduct: async ({ req, params }) => {
    const detail = await productForEditing(req.ctx.db, params.id)
    return detail ? { status: 200, body: detail } : respond('not_found')
  },

  createProduct: async ({ req, body }) => {
    const result = await auditedChange(
      req,
      'product.create',
      { type: PRODUCT, id: body.articleNumber },
      async (tx) => {
        const created = await createCatalogProduct(tx, body, req.ctx.clock.now())
        return created.ok ? ok({ before: null, after: created.value }) : created
      },
    )
    if (!result.ok) return respondOnProduct(result.code)
    catalogCache(req.ctx).invalidate()
    return { status: 200, body: result.value.after }
  },

  editProduct: async ({ req, params, body }) => {
    const result = await auditedChange(
      req,
      'product.edit',
      { type: PRODUCT, id: params.id },
      (tx) => editCatalogProduct(tx, params.id, body, req.ctx.clock.now()),
    )
    if (!result.ok) return respond(result.code)
    catalogCache(req.ctx).invalidate()
    return { status: 200, body: result.value.after }
  },

  retireProduct: async ({ req, params, body }) => {
    const result = await auditedChange(
      req,
      'product.retire',
      { type: PRODUCT, id: params.id },
      async (tx) => {
        const retired = await retireCatalogProduct(tx, params.id, body.version, req.ctx.clock.now())
        if (!retired.ok) return retired
        const pick = (p: { active: boolean; retiredAt: string | null }) => ({
          active: p.active,
          retiredAt: p.retiredAt,
        })
        return ok({
          before: pick(retired.value.before),
          after: pick(retired.value.after),
          product: retired.value.after,
        })
      },
    )
    if (!result.ok) return respondOnRetire(result.code)
    catalogCache(req.ctx).invalidate()
    return { status: 200, body: result.value.product }
  },

  listCategories: async ({ req }) => ({
    status: 200,
    body: { categories: await listCategoriesForStaff(req.ctx.db) },
  }),

  createCategory: async ({ req, body }) => {
    const result = await auditedChange(
      req,
      'category.create',
      { type: CATEGORY, id: body.name },
      async (tx) => {
        const created = await createCategory(tx, body)
        return created.ok ? ok({ before: null, after: created.value }) : created
      },
    )
    if (!result.ok) {
      if (result.code === 'not_found') throw new Error('createCategory answered not_found')
      return respond(result.code)
    }
    catalogCache(req.ctx).invalidate()
    return { status: 200, body: result.value.after }
  },

  renameCategory: async ({ req, params, body }) => {
    const result = await auditedChange(
      req,
      'category.rename',
      { type: CATEGORY, id: params.id },
      (tx) => renameCategory(tx, params.id, body),
    )
    if (!result.ok) return respond(result.code)
    catalogCache(req.ctx).invalidate()
    return { status: 200, body: result.value.after }
  },

  moveCategory: async ({ req, params, body }) => {
    const result = await auditedChange(
      req,
      'category.move',
      { type: CATEGORY, id: params.id },
      (tx) => moveCategory(tx, params.id, body.direction),
    )
    if (!result.ok) return respond(result.code)
    catalogCache(req.ctx).invalidate()
    return { status: 200, body: { categories: await listCategoriesForStaff(req.ctx.db) } }
  },

  listVouchers: async ({ req, query }) => ({
    status: 200,
    body: await vouchers.listVouchers(req.ctx.db, query.page),
  }),

  getVoucher: async ({ req, params }) => {
    const detail = await vouchers.voucherDetail(req.ctx.db, params.id)
    return detail ? { status: 200, body: detail } : respond('not_found')
  },

  createVoucher: async ({ req, body }) => {
    const result = await auditedChange(
      req,
      'voucher.create',
      { type: VOUCHER, id: body.code },
      (tx, staff) => vouchers.createVoucher(tx, body, staff.staffId),
    )
    if (!result.ok) return respond(result.code)
    const detail = await vouchers.voucherDetail(req.ctx.db, result.value.id)
    if (!detail) throw new Error('created voucher not found')
    return { status: 200, body: detail }
  },

  setVoucherActive: async ({ req, params, body }) => {
    const result = await auditedChange(
      req,
      body.active ? 'voucher.activate' : 'voucher.deactivate',
      { type: VOUCHER, id: params.id },
      (tx) => vouchers.setVoucherActive(tx, params.id, body.active),
    )
    if (!result.ok) return respond('not_found')
    const detail = await vouchers.voucherDetail(req.ctx.db, params.id)
    return detail ? { status: 200, body: detail } : respond('not_found')
  },

  listMails: async ({ req, query }) => ({
    status: 200,
    body: await mailDelivery.listMails(req.ctx, query),
  }),

  resendMail: async ({ req, params }) => {
    const result = await auditedChange(req, 'mail.resend', { type: MAIL, id: params.id }, (tx) =>
      mailDelivery.resendMail(tx, req.ctx, params.id),
    )
    if (!result.ok) {
      return respond(result.code)
    }
    return { status: 200, body: result.value.after }
  },
})

/** A create has no product yet: "not found" and "changed" cannot happen there. */
function respondOnProduct(code: ProductAdminError) {
  if (code === 'not_found' || code === 'backoffice_product_changed') {
    throw new Error(`createProduct answered ${code}`)
  }
  return respond(code)
}

/** Retiring checks only the product and its version. */
function respondOnRetire(code: ProductAdminError) {
  if (code !== 'not_found' && code !== 'backoffice_product_changed') {
    throw new Error(`retireProduct answered ${code}`)
  }
  return respond(code)
}
