// /backoffice/rechtstexte: the shop's legal texts with their newest version; each opens its page.
import { createColumnHelper } from '@tanstack/react-table'
import type { LegalTextVersion } from '#contract/backoffice-legal.ts'
import { LEGAL_SECTION_TITLES } from '#contract/legal.ts'
import { Link } from '#web/components/ui/link.tsx'
import { formatDateTime } from '#web/lib/format.ts'
import { DataTable } from '../components/data-table.tsx'
import { backofficePaths } from '../paths.ts'
import { Loading } from '../shared.tsx'
import { useLegalTexts } from './api.ts'

const column = createColumnHelper<LegalTextVersion>()
const COLUMNS = [
  column.accessor('section', {
    header: 'Rechtstext',
    cell: (info) => (
      <Link to={backofficePaths.legalText(info.getValue())}>
        {LEGAL_SECTION_TITLES[info.getValue()]}
      </Link>
    ),
  }),
  column.accessor('title', { header: 'Überschrift' }),
  column.accessor('version', { header: 'Aktuelle Fassung' }),
  column.accessor('createdAt', {
    header: 'Gespeichert',
    cell: (info) => formatDateTime(info.getValue()),
  }),
  column.accessor('createdBy', { header: 'Von' }),
]

export function LegalTextsPage() {
  const query = useLegalTexts()
  if (query.data?.status !== 200) return <Loading error={query.error} />
  return (
    <div className="backoffice-area">
      <p>
        Die Texte sind Vorlagen und müssen vor dem Start anwaltlich geprüft werden. Jede Änderung
        wird als neue Fassung gespeichert; der Shop zeigt immer die neueste, Bestellbestätigungen
        enthalten die Fassung, die bei der Bestellung galt.
      </p>
      <DataTable
        caption="Rechtstexte"
        columns={COLUMNS}
        rows={query.data.body.texts}
        rowId={(text) => text.section}
      />
    </div>
  )
}
