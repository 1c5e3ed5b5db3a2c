// React hooks of the back office's work areas (issue 11): customers, orders, catalog, vouchers,
// the audit log and the start page's figures. Every query runs in the browser (the staff cookie
// is for /api/staff only); mutations refresh the staff queries they touch.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  BackofficeBusinessBody,
  BackofficeProductBody,
  BackofficeVoucherBody,
} from '#contract/backoffice.ts'
import { translate } from '#contract/messages.de.ts'
import type { OrderStatus } from '#contract/orders.ts'
import { errorText } from '#web/lib/messages.ts'
import { tsr } from '#web/lib/tsr.ts'
import { okOrThrow, staffKeys } from './api.ts'

export const officeKeys = {
  overview: () => [...staffKeys.all, 'overview'] as const,
  customers: (q: string, page: number) => [...staffKeys.all, 'customers', q, page] as const,
  customer: (id: number) => [...staffKeys.all, 'customer', id] as const,
  orders: (filter: OrderFilter) => [...staffKeys.all, 'orders', filter] as const,
  order: (orderNumber: string) => [...staffKeys.all, 'order', orderNumber] as const,
  products: (q: string, page: number, inactive: boolean) =>
    [...staffKeys.all, 'products', q, page, inactive] as const,
  productPrices: (id: number) => [...staffKeys.all, 'product-prices', id] as const,
  vouchers: (page: number) => [...staffKeys.all, 'vouchers', page] as const,
  voucher: (id: number) => [...staffKeys.all, 'voucher', id] as const,
  audit: (page: number, action: string) => [...staffKeys.all, 'audit', page, action] as const,
  tracking: (from: string, to: string) => [...staffKeys.all, 'tracking', from, to] as const,
}

export type OrderFilter = {
  page: number
  status?: OrderStatus
  from?: string
  to?: string
  q?: string
}

/** The German text of a failed call: the first field's message of a 400, else the code's text. */
export function problemText(error: unknown): string {
  const body = (error as { body?: { errors?: { message?: string; code?: string }[] } } | null)?.body
  const first = body?.errors?.[0]
  if (first?.message) return first.message
  if (first?.code) return translate(first.code)
  return errorText(error)
}

function useRefreshStaff() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: staffKeys.all })
}

export function useOverview() {
  return tsr.backoffice.overview.useQuery({ queryKey: officeKeys.overview(), staleTime: 0 })
}

// --- Customers ---------------------------------------------------------------------------------

export function useCustomerSearch(q: string, page: number) {
  return tsr.backoffice.searchCustomers.useQuery({
    queryKey: officeKeys.customers(q, page),
    queryData: { query: { q, page } },
    staleTime: 0,
  })
}

export function useCustomer(id: number) {
  return tsr.backoffice.getCustomer.useQuery({
    queryKey: officeKeys.customer(id),
    queryData: { params: { id } },
    staleTime: 0,
  })
}

export function useChangeBusiness(id: number) {
  const refresh = useRefreshStaff()
  return useMutation({
    mutationFn: async (body: BackofficeBusinessBody) =>
      okOrThrow(await tsr.backoffice.changeCustomerBusiness.mutate({ params: { id }, body })),
    onSuccess: refresh,
  })
}

export function useUnblockCustomer(id: number) {
  const refresh = useRefreshStaff()
  return useMutation({
    mutationFn: async () =>
      okOrThrow(await tsr.backoffice.unblockCustomer.mutate({ params: { id } })),
    onSuccess: refresh,
  })
}

export function useSendPasswordReset(id: number) {
  return useMutation({
    mutationFn: async () =>
      okOrThrow(await tsr.backoffice.sendCustomerPasswordReset.mutate({ params: { id } })),
  })
}

// --- Orders ------------------------------------------------------------------------------------

export function useOrders(filter: OrderFilter) {
  return tsr.backoffice.listOrders.useQuery({
    queryKey: officeKeys.orders(filter),
    queryData: { query: filter },
    staleTime: 0,
  })
}

export function useOrder(orderNumber: string) {
  return tsr.backoffice.getOrder.useQuery({
    queryKey: officeKeys.order(orderNumber),
    queryData: { params: { orderNumber } },
    staleTime: 0,
  })
}

export function useMoveDelivery() {
  const refresh = useRefreshStaff()
  return useMutation({
    mutationFn: async (input: {
      id: number
      status: 'processing' | 'shipped' | 'delivered'
      trackingNumber?: string
    }) =>
      okOrThrow(
        await tsr.backoffice.moveDelivery.mutate({
          params: { id: input.id },
          body: { status: input.status, trackingNumber: input.trackingNumber },
        }),
      ),
    onSuccess: refresh,
  })
}

export function useCancelDelivery() {
  const refresh = useRefreshStaff()
  return useMutation({
    mutationFn: async (input: { id: number; reason: string }) =>
      okOrThrow(
        await tsr.backoffice.cancelDelivery.mutate({
          params: { id: input.id },
          body: { reason: input.reason },
        }),
      ),
    onSuccess: refresh,
  })
}

// --- Catalog -----------------------------------------------------------------------------------

export function useProducts(q: string, page: number, inactive: boolean) {
  return tsr.backoffice.listProducts.useQuery({
    queryKey: officeKeys.products(q, page, inactive),
    queryData: { query: { q, page, ...(inactive ? { inactive: '1' as const } : {}) } },
    staleTime: 0,
  })
}

export function useProductPrices(id: number) {
  return tsr.backoffice.getProductPrices.useQuery({
    queryKey: officeKeys.productPrices(id),
    queryData: { params: { id } },
    staleTime: 0,
  })
}

export function useUpdateProduct() {
  const refresh = useRefreshStaff()
  return useMutation({
    mutationFn: async (input: { id: number; body: BackofficeProductBody }) =>
      okOrThrow(
        await tsr.backoffice.updateProduct.mutate({ params: { id: input.id }, body: input.body }),
      ),
    onSuccess: refresh,
  })
}

// --- Vouchers ----------------------------------------------------------------------------------

export function useVouchers(page: number) {
  return tsr.backoffice.listVouchers.useQuery({
    queryKey: officeKeys.vouchers(page),
    queryData: { query: { page } },
    staleTime: 0,
  })
}

export function useVoucher(id: number) {
  return tsr.backoffice.getVoucher.useQuery({
    queryKey: officeKeys.voucher(id),
    queryData: { params: { id } },
    staleTime: 0,
  })
}

export function useCreateVoucher() {
  const refresh = useRefreshStaff()
  return useMutation({
    mutationFn: async (body: BackofficeVoucherBody) =>
      okOrThrow(await tsr.backoffice.createVoucher.mutate({ body })),
    onSuccess: refresh,
  })
}

export function useSetVoucherActive(id: number) {
  const refresh = useRefreshStaff()
  return useMutation({
    mutationFn: async (active: boolean) =>
      okOrThrow(await tsr.backoffice.setVoucherActive.mutate({ params: { id }, body: { active } })),
    onSuccess: refresh,
  })
}

// --- Audit log ---------------------------------------------------------------------------------

export function useAuditLog(page: number, action: string) {
  return tsr.backofficeAccess.listAuditLog.useQuery({
    queryKey: officeKeys.audit(page, action),
    queryData: { query: { page, ...(action ? { action } : {}) } },
    staleTime: 0,
  })
}

// --- Tracking report ---------------------------------------------------------------------------

/** Events per type and day; empty `from`/`to` means the server's default (the last 14 days). */
export function useTrackingReport(from: string, to: string) {
  return tsr.backoffice.trackingReport.useQuery({
    queryKey: officeKeys.tracking(from, to),
    queryData: { query: { ...(from ? { from } : {}), ...(to ? { to } : {}) } },
    staleTime: 0,
  })
}
