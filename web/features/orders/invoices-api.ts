// Invoice calls for React (issue 20): the documents of an own order, their download paths, and a
// business customer's e-invoice choice.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { EInvoiceFormatId, InvoicePreferencesBody } from '#contract/invoices.ts'
import { tsr } from '#web/lib/tsr.ts'
import { ordersKeys } from './api.ts'

export const invoicesKeys = {
  of: (orderNumber: string) => [...ordersKeys.all, 'invoices', orderNumber] as const,
  preferences: () => [...ordersKeys.all, 'invoice-preferences'] as const,
}

/** Where a document is downloaded in one format. */
export function invoiceHref(orderNumber: string, number: string, format: EInvoiceFormatId) {
  return `/api/orders/${encodeURIComponent(orderNumber)}/invoices/${encodeURIComponent(number)}/${format}`
}

export function useOrderInvoices(orderNumber: string) {
  return useQuery({
    queryKey: invoicesKeys.of(orderNumber),
    retry: false,
    queryFn: async () => {
      const response = await tsr.invoices.getOrderInvoices.query({ params: { orderNumber } })
      if (response.status !== 200) throw response
      return response.body.invoices
    },
  })
}

/** The e-invoice choice; null for private customers (the call answers 403). */
export function useInvoicePreferences() {
  return useQuery({
    queryKey: invoicesKeys.preferences(),
    retry: false,
    queryFn: async () => {
      const response = await tsr.invoices.getInvoicePreferences.query()
      if (response.status === 403) return null
      if (response.status !== 200) throw response
      return response.body
    },
  })
}

export function useSaveInvoicePreferences() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: InvoicePreferencesBody) => {
      const response = await tsr.invoices.setInvoicePreferences.mutate({ body })
      if (response.status !== 200) throw response
      return response.body
    },
    onSuccess: (body) => queryClient.setQueryData(invoicesKeys.preferences(), body),
  })
}
