// /backoffice/kunden: customers by name, e-mail or customer number (newest first without a term).
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { Button, Field } from '#web/components/ui/index.ts'
import { formatDate } from '#web/lib/format.ts'
import { useCustomerSearch } from '../office-api.ts'
import { backofficePaths } from '../paths.ts'
import { Loading, Pager } from '../shared.tsx'

export function CustomerSearchPage() {
  const [params, setParams] = useSearchParams()
  const q = params.get('q') ?? ''
  const page = Math.max(1, Number(params.get('seite')) || 1)
  const [term, setTerm] = useState(q)
  const search = useCustomerSearch(q, page)
  const data = search.data?.status === 200 ? search.data.body : undefined

  return (
    <div className="backoffice-area">
      <form
        className="backoffice-filter"
        aria-label="Suche"
        onSubmit={(event) => {
          event.preventDefault()
          setParams(term.trim() ? { q: term.trim() } : {})
        }}
      >
        <Field
          label="Name, E-Mail oder Kundennummer"
          value={term}
          onChange={(event) => setTerm(event.target.value)}
        />
        <Button type="submit">Suchen</Button>
      </form>
      {!data && <Loading error={search.error} />}
      {data && data.customers.length === 0 && <p>Keine Kunden gefunden.</p>}
      {data && data.customers.length > 0 && (
        <table className="backoffice-table">
          <caption className="visually-hidden">Kunden</caption>
          <thead>
            <tr>
              <th scope="col">Kundennr.</th>
              <th scope="col">Name</th>
              <th scope="col">E-Mail</th>
              <th scope="col">Art</th>
              <th scope="col">Seit</th>
            </tr>
          </thead>
          <tbody>
            {data.customers.map((customer) => (
              <tr key={customer.id}>
                <td>{customer.customerNumber ?? '–'}</td>
                <td>
                  <Link to={backofficePaths.customer(customer.id)}>
                    {customer.firstName} {customer.lastName}
                  </Link>
                  {customer.companyName && <div>{customer.companyName}</div>}
                </td>
                <td>{customer.email}</td>
                <td>
                  {customer.isLight
                    ? 'Gastkonto'
                    : customer.customerType === 'business'
                      ? 'Geschäftskunde'
                      : 'Privatkunde'}
                </td>
                <td>{formatDate(customer.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {data && (
        <Pager
          page={page}
          total={data.total}
          pageSize={data.pageSize}
          onPage={(next) => setParams({ ...(q ? { q } : {}), seite: String(next) })}
        />
      )}
    </div>
  )
}
