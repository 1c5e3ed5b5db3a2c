// The back office's one table (TanStack Table): columns as data, a caption for screen readers,
// paging by the API's pages or by 25 rows in the browser, optional sorting, and a container that
// scrolls sideways so a wide table never widens the page on a phone.
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  type RowData,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table'
import { type ReactNode, useState } from 'react'
import { Pager } from '../shared.tsx'

declare module '@tanstack/react-table' {
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The cell names its row (`<th scope="row">`), e.g. the day of a report. */
    rowHeader?: boolean
    /** A class for the column's body cells. */
    className?: string
  }
}

/** The API's page: the table shows `rows` as they are and the pager asks for other pages. */
export type ServerPage = {
  page: number
  total: number
  pageSize: number
  onPage: (page: number) => void
}

export const CLIENT_PAGE_SIZE = 25

type DataTableProps<Row> = {
  /** Names the table for screen readers (a hidden caption) and the scroll region. */
  caption: string
  // biome-ignore lint/suspicious/noExplicitAny: column values differ per column (TanStack's own typing)
  columns: ColumnDef<Row, any>[]
  rows: Row[]
  rowId: (row: Row) => string
  /** Paged by the API; without it the table pages itself by 25 rows. */
  serverPage?: ServerPage
  /** Shown instead of the table when there are no rows (without it: the table's head alone). */
  empty?: ReactNode
  /** Columns with `enableSorting: true` sort in the browser (within the rows it has). */
  initialSorting?: SortingState
}

const SORT_LABEL = { asc: 'ascending', desc: 'descending' } as const

export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowId,
  serverPage,
  empty,
  initialSorting = [],
}: DataTableProps<Row>) {
  const [sorting, setSorting] = useState<SortingState>(initialSorting)
  const [pagination, setPagination] = useState({ pageIndex: 0, pageSize: CLIENT_PAGE_SIZE })
  const table = useReactTable({
    data: rows,
    columns,
    getRowId: (row) => rowId(row),
    state: { sorting, ...(serverPage ? {} : { pagination }) },
    onSortingChange: setSorting,
    onPaginationChange: setPagination,
    defaultColumn: { enableSorting: false },
    sortDescFirst: false,
    manualPagination: Boolean(serverPage),
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    ...(serverPage ? {} : { getPaginationRowModel: getPaginationRowModel() }),
  })

  if (rows.length === 0 && empty) return <>{empty}</>
  return (
    <>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1) */}
      <section className="data-table" aria-label={caption} tabIndex={0}>
        <table className="backoffice-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted()
                  const label = flexRender(header.column.columnDef.header, header.getContext())
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={sorted ? SORT_LABEL[sorted] : undefined}
                    >
                      {header.column.getCanSort() ? (
                        <button
                          type="button"
                          className="data-table__sort"
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          {label}
                          <span aria-hidden="true">
                            {sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ' ↕'}
                          </span>
                        </button>
                      ) : (
                        label
                      )}
                    </th>
                  )
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id}>
                {row.getVisibleCells().map((cell) => {
                  const content = flexRender(cell.column.columnDef.cell, cell.getContext())
                  const meta = cell.column.columnDef.meta
                  return meta?.rowHeader ? (
                    <th key={cell.id} scope="row" className={meta.className}>
                      {content}
                    </th>
                  ) : (
                    <td key={cell.id} className={meta?.className}>
                      {content}
                    </td>
                  )
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {serverPage ? (
        <Pager {...serverPage} />
      ) : (
        <Pager
          page={pagination.pageIndex + 1}
          total={rows.length}
          pageSize={CLIENT_PAGE_SIZE}
          onPage={(page) => table.setPageIndex(page - 1)}
        />
      )}
    </>
  )
}
