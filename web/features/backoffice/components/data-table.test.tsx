import { createColumnHelper } from '@tanstack/react-table'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DataTable } from './data-table.tsx'

type Row = { id: number; name: string; stock: number }
const column = createColumnHelper<Row>()
const COLUMNS = [
  column.accessor('name', { header: 'Artikel', meta: { rowHeader: true } }),
  column.accessor('stock', { header: 'Bestand', enableSorting: true }),
]
const rows = (count: number): Row[] =>
  Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    name: `Artikel ${index + 1}`,
    stock: (index * 7) % 10,
  }))

afterEach(cleanup)

function bodyRows() {
  const [, body] = screen.getAllByRole('rowgroup')
  if (!body) throw new Error('tbody expected')
  return within(body).getAllByRole('row')
}

describe('DataTable', () => {
  it('is a captioned table inside a keyboard-reachable scroll region', () => {
    render(
      <DataTable caption="Artikel" columns={COLUMNS} rows={rows(2)} rowId={(r) => String(r.id)} />,
    )
    const region = screen.getByRole('region', { name: 'Artikel' })
    expect(region.getAttribute('tabindex')).toBe('0')
    expect(region.className).toBe('data-table')
    expect(within(region).getByRole('table', { name: 'Artikel' })).toBeTruthy()
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Artikel',
      expect.stringContaining('Bestand'),
    ])
    expect(screen.getByRole('rowheader', { name: 'Artikel 1' })).toBeTruthy()
  })

  it('shows the empty text instead of a table without rows', () => {
    render(
      <DataTable
        caption="Artikel"
        columns={COLUMNS}
        rows={[]}
        rowId={(r) => String(r.id)}
        empty={<p>Keine Artikel gefunden.</p>}
      />,
    )
    expect(screen.queryByRole('table')).toBeNull()
    expect(screen.getByText('Keine Artikel gefunden.')).toBeTruthy()
  })

  it('pages in the browser by 25 rows when the API does not page', () => {
    render(
      <DataTable caption="Artikel" columns={COLUMNS} rows={rows(30)} rowId={(r) => String(r.id)} />,
    )
    expect(bodyRows()).toHaveLength(25)
    expect(screen.getByText('Seite 1 von 2')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Weiter' }))
    expect(bodyRows()).toHaveLength(5)
    expect(screen.getByRole('rowheader', { name: 'Artikel 26' })).toBeTruthy()
    expect(screen.getByText('Seite 2 von 2')).toBeTruthy()
  })

  it('shows the API page as it is and asks the page for another one', () => {
    const onPage = vi.fn()
    render(
      <DataTable
        caption="Artikel"
        columns={COLUMNS}
        rows={rows(30)}
        rowId={(r) => String(r.id)}
        serverPage={{ page: 2, total: 95, pageSize: 30, onPage }}
      />,
    )
    expect(bodyRows()).toHaveLength(30)
    expect(screen.getByText('Seite 2 von 4')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Zurück' }))
    expect(onPage).toHaveBeenCalledWith(1)
  })

  it('sorts only the columns that allow it and says so with aria-sort', () => {
    render(
      <DataTable caption="Artikel" columns={COLUMNS} rows={rows(4)} rowId={(r) => String(r.id)} />,
    )
    expect(screen.queryByRole('button', { name: /Artikel/ })).toBeNull()
    const header = screen.getAllByRole('columnheader')[1]
    if (!header) throw new Error('header expected')
    fireEvent.click(within(header).getByRole('button'))
    expect(header.getAttribute('aria-sort')).toBe('ascending')
    const stocks = bodyRows().map((row) => Number(row.querySelector('td')?.textContent))
    expect(stocks).toEqual([...stocks].sort((a, b) => a - b))
  })
})
