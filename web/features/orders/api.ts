// Order calls for React: the paged list by period ("Mehr" appends the next page) and one order.
// Both are POST reads, so they are queries over the routes' mutate functions.
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { ORDERS_PAGE_SIZE } from '#contract/orders.ts'
import { tsr } from '#web/lib/tsr.ts'

export const ordersKeys = {
  all: ['orders'] as const,
  list: (period: number) => [...ordersKeys.all, 'list', period] as const,
  one: (id: string) => [...ordersKeys.all, 'one', id] as const,
}

type ListResponse = Awaited<ReturnType<typeof tsr.orders.getOrders.mutate>>
type OneResponse = Awaited<ReturnType<typeof tsr.orders.getOrder.mutate>>
export type OrdersPage = Extract<ListResponse, { status: 200 }>['body']

/** Orders of a period, page by page; `enabled: false` for light accounts (no call at all). */
export function useOrders(period: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ordersKeys.list(period),
    enabled,
    // A new period keeps the table (and the filter) on screen until its first page arrives.
    placeholderData: keepPreviousData,
    initialPageParam: 1,
    queryFn: async ({ pageParam }) => {
      const response = await tsr.orders.getOrders.mutate({
        body: { pageNumber: pageParam, pageElements: ORDERS_PAGE_SIZE, yearOfOrders: period },
      })
      if (response.status !== 200) throw response
      return response.body
    },
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.orderOverview.length, 0)
      return loaded < last.ordersCount && last.orderOverview.length > 0
        ? pages.length + 1
        : undefined
    },
  })
}

export function useOrder(id: string) {
  return useQuery({
    queryKey: ordersKeys.one(id),
    retry: false,
    queryFn: async () => {
      const response = await tsr.orders.getOrder.mutate({ body: { orderId: id } })
      if (response.status !== 200) throw response
      return (response as Extract<OneResponse, { status: 200 }>).body.order
    },
  })
}
