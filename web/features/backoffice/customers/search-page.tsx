// /backoffice/kunden: customers by name, e-mail or customer number (newest first without a term).
import { createColumnHelper } from '@tanstack/react-table'
import { useForm } from 'react-hook-form'
import { useSearchParams } from 'react-router-dom'
import type { BackofficeCustomerRow } from '#contract/backoffice.ts'
import { Button, Field } from '#web/components/ui/index.ts'
import { Link } from '#web/components/ui/link.tsx'
import { formatDate } from '#web/lib/format.ts'
import { DataTable } from '../components/data-table.tsx'
import { useCustomerSearch } from '../office-api.ts'
import { backofficePaths } from '../paths.ts'
import { Loading } from '../shared.tsx'

const column = createColumnHelper<BackofficeCustomerRow>()
const COLUMNS = [
  column.accessor((c) => c.customerNumber ?? '–', { id: 'number', header: 'Kundennr.' }),
  column.display({
    id: 'name',
    header: 'Name',
    cell: ({ row: { original: customer } }) => (
      <>
        <Link to={backofficePaths.customer(customer.id)}>
          {customer.firstName} {customer.lastName}
        </Link>
        {customer.companyName && <div>{customer.companyName}</div>}
      </>
    ),
  }),
  column.accessor('email', { header: 'E-Mail' }),
  column.accessor(
    (c) =>
      c.isLight ? 'Gastkonto' : c.customerType === 'business' ? 'Geschäftskunde' : 'Privatkunde',
    { id: 'kind', header: 'Art' },
  ),
  column.accessor('createdAt', { header: 'Seit', cell: (info) => formatDate(info.getValue()) }),
]

export function CustomerSearchPage() {
  const [params, setParams] = useSearchParams()
  const q = params.get('q') ?? ''
  const page = Math.max(1, Number(params.get('seite')) || 1)
  const form = useForm({ defaultValues: { term: q } })
  const search = useCustomerSearch(q, page)
  const data = search.data?.status === 200 ? search.data.body : undefined

  return (
    <div className="backoffice-area">
      <form
        method="post"
        className="backoffice-filter"
        aria-label="Suche"
        onSubmit={form.handleSubmit(({ term }) => setParams(term.trim() ? { q: term.trim() } : {}))}
      >
        <Field label="Name, E-Mail oder Kundennummer" {...form.register('term')} />
        <Button type="submit">Suchen</Button>
      </form>
      {!data && <Loading error={search.error} />}
      {data && (
        <DataTable
          caption="Kunden"
          columns={COLUMNS}
          rows={data.customers}
          rowId={(customer) => String(customer.id)}
          empty={<p>Keine Kunden gefunden.</p>}
          serverPage={{
            page,
            total: data.total,
            pageSize: data.pageSize,
            onPage: (next) => setParams({ ...(q ? { q } : {}), seite: String(next) }),
          }}
        />
      )}
    </div>
  )
}
