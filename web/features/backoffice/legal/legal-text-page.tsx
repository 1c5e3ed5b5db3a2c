// /backoffice/rechtstexte/:section: one legal text. Admins edit it in a textarea (line markup:
// "## " heading, "- " list item, one paragraph per line, links as [Text](/pfad)); saving adds a
// new version. Every version is listed and can be viewed as it was saved (?fassung=n).
import { createColumnHelper } from '@tanstack/react-table'
import { type FormEvent, useState } from 'react'
import { useParams, useSearchParams } from 'react-router-dom'
import type { LegalTextVersion } from '#contract/backoffice-legal.ts'
import {
  LEGAL_SECTION_TITLES,
  type LegalSection,
  LegalSectionSchema,
  type LegalText,
} from '#contract/legal.ts'
import { Button } from '#web/components/ui/index.ts'
import { Link } from '#web/components/ui/link.tsx'
import { LegalTextView } from '#web/features/legal/index.ts'
import { formatDateTime } from '#web/lib/format.ts'
import { paths } from '#web/lib/paths.ts'
import { useStaffMe } from '../api.ts'
import { DataTable } from '../components/data-table.tsx'
import { problemText } from '../office-api.ts'
import { backofficePaths } from '../paths.ts'
import { Loading } from '../shared.tsx'
import { useLegalTextVersion, useLegalTextVersions, useSaveLegalText } from './api.ts'

const VERSION_PARAM = 'fassung'

function versionColumns(section: LegalSection) {
  const column = createColumnHelper<LegalTextVersion>()
  return [
    column.accessor('version', {
      header: 'Fassung',
      cell: (info) => (
        <Link to={`${backofficePaths.legalText(section)}?${VERSION_PARAM}=${info.getValue()}`}>
          Fassung {info.getValue()}
        </Link>
      ),
    }),
    column.accessor('title', { header: 'Überschrift' }),
    column.accessor('createdAt', {
      header: 'Gespeichert',
      cell: (info) => formatDateTime(info.getValue()),
    }),
    column.accessor('createdBy', { header: 'Von' }),
  ]
}

export function LegalTextPage() {
  const parsed = LegalSectionSchema.safeParse(useParams().section)
  if (!parsed.success) return <Loading error={{ status: 404, body: { code: 'not_found' } }} />
  return <LegalTextArea section={parsed.data} />
}

function LegalTextArea({ section }: { section: LegalSection }) {
  const query = useLegalTextVersions(section)
  const me = useStaffMe()
  const isAdmin = me.data?.status === 200 && me.data.body.role === 'admin'
  const [search] = useSearchParams()
  const viewed = Number(search.get(VERSION_PARAM))
  const viewedVersion = Number.isInteger(viewed) && viewed > 0 ? viewed : null
  if (query.data?.status !== 200) return <Loading error={query.error} />
  const { current, versions } = query.data.body
  return (
    <div className="backoffice-area">
      <p>
        <Link to={backofficePaths.legalTexts}>← Zu den Rechtstexten</Link> ·{' '}
        <a href={paths.info(section)} target="_blank" rel="noreferrer">
          {LEGAL_SECTION_TITLES[section]} im Shop ansehen
        </a>
      </p>
      <p>
        Aktuell: Fassung {current.version} vom {formatDateTime(current.createdAt)} von{' '}
        {current.createdBy}.
      </p>
      {isAdmin ? (
        <EditForm key={current.id} section={section} current={current} />
      ) : (
        <p>Nur Administratorinnen und Administratoren können Rechtstexte ändern.</p>
      )}
      <h2>Alle Fassungen</h2>
      <DataTable
        caption="Fassungen, neueste zuerst"
        columns={versionColumns(section)}
        rows={versions}
        rowId={(version) => String(version.id)}
      />
      {viewedVersion !== null && <VersionView section={section} version={viewedVersion} />}
    </div>
  )
}

function EditForm({ section, current }: { section: LegalSection; current: LegalText }) {
  const save = useSaveLegalText(section)
  const [title, setTitle] = useState(current.title)
  const [body, setBody] = useState(current.body)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate({ title, body })
  }
  return (
    <form method="post" className="backoffice-form backoffice-form--wide" onSubmit={submit}>
      <h2>Neue Fassung speichern</h2>
      <p>
        Format: eine Zeile ist ein Absatz, „## “ am Zeilenanfang eine Überschrift, „- “ ein
        Listenpunkt; Links als [Text](/pfad). Speichern legt eine neue Fassung an, ältere bleiben
        unverändert.
      </p>
      <label>
        <span>Überschrift</span>
        <input value={title} onChange={(event) => setTitle(event.target.value)} required />
      </label>
      <label>
        <span>Text</span>
        <textarea
          value={body}
          onChange={(event) => setBody(event.target.value)}
          rows={24}
          required
          spellCheck
        />
      </label>
      {save.error && (
        <p className="form-error" role="alert">
          {problemText(save.error)}
        </p>
      )}
      {save.isSuccess && (
        <p role="status">Fassung {save.data.version} gespeichert. Der Shop zeigt sie ab sofort.</p>
      )}
      <Button type="submit" pending={save.isPending}>
        Als neue Fassung speichern
      </Button>
    </form>
  )
}

function VersionView({ section, version }: { section: LegalSection; version: number }) {
  const query = useLegalTextVersion(section, version)
  if (query.data?.status !== 200) return <Loading error={query.error} />
  const text = query.data.body
  return (
    <section className="backoffice-legal-version" aria-labelledby="legal-version-heading">
      <h2 id="legal-version-heading">
        Fassung {text.version}: {text.title}
      </h2>
      <p>
        Gespeichert am {formatDateTime(text.createdAt)} von {text.createdBy}.
      </p>
      <LegalTextView body={text.body} />
    </section>
  )
}
