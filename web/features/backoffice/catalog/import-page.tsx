// /backoffice/import (issue 21, admins): the catalog's export (CSV for Excel, JSON) and the bulk
// import: choose a file, see what was detected (format, encoding, delimiter) and the dry run
// ("Probelauf") per row, choose what happens with bad rows, then import. The run goes in chunks
// the page asks for one after the other, so the progress bar follows the rows that landed. A ZIP
// archive carries the file plus the pictures its `bilder` column names; the dry run says per
// product which pictures would be added, removed or reordered.
import { useState } from 'react'
import type {
  CatalogImportMode,
  CatalogImportRow,
  CatalogImportSummary,
} from '#contract/backoffice-import.ts'
import { translate } from '#contract/messages.de.ts'
import { Button } from '#web/components/ui/index.ts'
import { errorText } from '#web/lib/messages.ts'
import { tsr } from '#web/lib/tsr.ts'
import { okOrThrow, useStaffMe } from '../api.ts'
import { pictureSummary, readableValue } from './import-values.ts'

const ACTION_LABELS: Record<CatalogImportRow['action'], string> = {
  create: 'Neu',
  update: 'Ändern',
  unchanged: 'Unverändert',
  error: 'Fehler',
}
const ENCODING_LABELS: Record<string, string> = {
  'utf-8': 'UTF-8',
  'utf-8-bom': 'UTF-8 mit BOM',
  'windows-1252': 'Windows-1252 (ANSI)',
}
/** Rows the table shows at most (the counts cover all). */
const SHOWN_ROWS = 200

function base64Of(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer)
  let binary = ''
  for (let at = 0; at < bytes.length; at += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000))
  }
  return btoa(binary)
}

function failureText(error: unknown): string {
  const body = (error as { body?: { message?: unknown } } | null)?.body
  return typeof body?.message === 'string' ? body.message : errorText(error)
}

function Counts({ summary }: { summary: CatalogImportSummary }) {
  const { counts } = summary
  return (
    <p>
      Neu: {counts.create} · Geändert: {counts.update} · Unverändert: {counts.unchanged} ·
      Fehlerhaft: {counts.error}
    </p>
  )
}

function DryRunTable({ rows }: { rows: CatalogImportRow[] }) {
  const shown = rows.filter((row) => row.action !== 'unchanged').slice(0, SHOWN_ROWS)
  if (shown.length === 0) return <p>Keine Änderungen: der Katalog entspricht schon der Datei.</p>
  return (
    <table className="backoffice-table">
      <caption>Probelauf: was der Import ändern würde</caption>
      <thead>
        <tr>
          <th scope="col">Zeile</th>
          <th scope="col">Artikelnummer</th>
          <th scope="col">Name</th>
          <th scope="col">Ergebnis</th>
          <th scope="col">Details</th>
        </tr>
      </thead>
      <tbody>
        {shown.map((row) => (
          <tr key={row.line}>
            <td>{row.line}</td>
            <td>{row.articleNumber ?? row.ean ?? '–'}</td>
            <td>{row.name ?? '–'}</td>
            <td>{ACTION_LABELS[row.action]}</td>
            <td>
              <ul className="import-details">
                {row.errors.map((error) => (
                  <li key={`e-${error.column}-${error.message}`}>
                    {error.column}: {error.message}
                  </li>
                ))}
                {row.action === 'update' &&
                  row.changes
                    .filter((change) => change.column !== 'bilder')
                    .map((change) => (
                      <li key={`c-${change.column}`}>
                        {change.column}: {readableValue(change.column, change.before)} →{' '}
                        {readableValue(change.column, change.after)}
                      </li>
                    ))}
                {row.pictures && <li key="bilder">Bilder: {pictureSummary(row.pictures)}</li>}
              </ul>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function ExportLinks() {
  return (
    <section aria-labelledby="export-heading">
      <h2 id="export-heading">Export</h2>
      <p className="backoffice-hint">
        Der ganze Katalog in den Spalten des Imports (auch inaktive und ausgelaufene Artikel).
      </p>
      <div className="backoffice-actions">
        <a className="btn btn--secondary" href="/api/staff/catalog/export?format=csv" download>
          Katalog als CSV (Excel)
        </a>
        <a className="btn btn--secondary" href="/api/staff/catalog/export?format=json" download>
          Katalog als JSON
        </a>
        <a
          className="btn btn--secondary"
          href="/api/staff/catalog/export?format=csv&archive=zip"
          download
        >
          Katalog mit Bildern (ZIP mit CSV)
        </a>
        <a
          className="btn btn--secondary"
          href="/api/staff/catalog/export?format=json&archive=zip"
          download
        >
          Katalog mit Bildern (ZIP mit JSON)
        </a>
      </div>
    </section>
  )
}

export function ImportPage() {
  const me = useStaffMe()
  const isAdmin = me.data?.status === 200 && me.data.body.role === 'admin'
  const [file, setFile] = useState<File | null>(null)
  const [checking, setChecking] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [dryRun, setDryRun] = useState<{
    summary: CatalogImportSummary
    rows: CatalogImportRow[]
  } | null>(null)
  const [mode, setMode] = useState<CatalogImportMode>('skip_bad_rows')
  const [progress, setProgress] = useState<CatalogImportSummary | null>(null)
  const [running, setRunning] = useState(false)

  if (me.data && !isAdmin) return <p>Import und Export sind der Administration vorbehalten.</p>

  async function checkFile() {
    if (!file) return
    setChecking(true)
    setProblem(null)
    setDryRun(null)
    setProgress(null)
    try {
      const answer = okOrThrow(
        await tsr.backofficeImport.checkImport.mutate({
          body: { fileName: file.name, contentBase64: base64Of(await file.arrayBuffer()) },
        }),
      )
      setDryRun({ summary: answer.body.import, rows: answer.body.rows })
    } catch (error) {
      setProblem(failureText(error))
    } finally {
      setChecking(false)
    }
  }

  async function runImport() {
    if (!dryRun) return
    setRunning(true)
    setProblem(null)
    try {
      for (;;) {
        const answer = okOrThrow(
          await tsr.backofficeImport.runImport.mutate({
            params: { id: dryRun.summary.id },
            body: { mode },
          }),
        )
        setProgress(answer.body.import)
        if (answer.body.import.status === 'done' || answer.body.import.status === 'refused') break
      }
    } catch (error) {
      setProblem(failureText(error))
    } finally {
      setRunning(false)
    }
  }

  const summary = progress ?? dryRun?.summary ?? null
  const finished = progress?.status === 'done' || progress?.status === 'refused'
  return (
    <div className="backoffice-area">
      <ExportLinks />
      <section aria-labelledby="import-heading">
        <h2 id="import-heading">Import</h2>
        <p className="backoffice-hint">
          CSV (UTF-8 oder Windows-1252, Trennzeichen ; oder ,) oder JSON mit den Spalten des
          Exports. Artikel werden über die Artikelnummer oder die EAN gefunden, sonst neu angelegt.
          Fehlende Spalten bleiben, wie sie sind. Mit Bildern: ein ZIP-Archiv mit der Datei und den
          Bilddateien; die Spalte „bilder“ nennt die Dateien in ihrer Reihenfolge, getrennt durch |,
          je mit optionalem Alternativtext (<code>vorne.jpg=Vorderseite|seite.jpg</code>). Eine
          leere Zelle entfernt die Bilder des Artikels, eine fehlende Spalte lässt sie, wie sie
          sind.
        </p>
        <form
          method="post"
          className="backoffice-form"
          onSubmit={(event) => {
            event.preventDefault()
            void checkFile()
          }}
        >
          <label className="field__label" htmlFor="import-file">
            Datei (CSV, JSON oder ZIP mit Bildern)
          </label>
          <input
            id="import-file"
            type="file"
            accept=".csv,.json,.zip,text/csv,application/json,application/zip"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null)
              setDryRun(null)
              setProgress(null)
            }}
          />
          <Button type="submit" pending={checking} disabled={!file || running}>
            Probelauf
          </Button>
        </form>
        {problem && (
          <p className="form-error" role="alert">
            {problem}
          </p>
        )}
        {dryRun && (
          <section aria-labelledby="dry-run-heading">
            <h3 id="dry-run-heading">Probelauf</h3>
            <p>
              Erkannt: {dryRun.summary.archive ? 'ZIP-Archiv mit ' : ''}
              {dryRun.summary.format === 'csv' ? 'CSV' : 'JSON'}, Zeichensatz{' '}
              {ENCODING_LABELS[dryRun.summary.encoding] ?? dryRun.summary.encoding}
              {dryRun.summary.delimiter && <>, Trennzeichen „{dryRun.summary.delimiter}“</>},{' '}
              {dryRun.summary.total} Zeilen.
            </p>
            <Counts summary={dryRun.summary} />
            {dryRun.summary.counts.error > 0 && (
              <p>
                <a href={`/api/staff/catalog/imports/${dryRun.summary.id}/errors.csv`} download>
                  Fehlerbericht herunterladen (CSV)
                </a>
              </p>
            )}
            <DryRunTable rows={dryRun.rows} />
            {!progress && (
              <>
                <fieldset className="import-mode">
                  <legend>Fehlerhafte Zeilen</legend>
                  <label>
                    <input
                      type="radio"
                      name="mode"
                      checked={mode === 'skip_bad_rows'}
                      onChange={() => setMode('skip_bad_rows')}
                    />{' '}
                    überspringen und die guten Zeilen importieren
                  </label>
                  <label>
                    <input
                      type="radio"
                      name="mode"
                      checked={mode === 'refuse_file'}
                      onChange={() => setMode('refuse_file')}
                    />{' '}
                    ganze Datei ablehnen (dann wird nichts geändert)
                  </label>
                </fieldset>
                <Button type="button" pending={running} onClick={() => void runImport()}>
                  Importieren
                </Button>
              </>
            )}
          </section>
        )}
        {progress && summary && (
          <section aria-labelledby="run-heading">
            <h3 id="run-heading">Import</h3>
            <progress
              className="import-progress"
              max={summary.total}
              value={summary.processed}
              aria-label="Fortschritt des Imports"
            />
            <p>
              {summary.processed} von {summary.total} Zeilen verarbeitet
            </p>
            {progress.status === 'refused' && (
              <p className="form-error" role="alert">
                {translate('catalog_import_refused')}
              </p>
            )}
            {progress.status === 'done' && (
              <p role="status">
                Import abgeschlossen. Neu: {summary.counts.create} · Geändert:{' '}
                {summary.counts.update} · Unverändert: {summary.counts.unchanged} · Fehlerhaft:{' '}
                {summary.counts.error}
              </p>
            )}
            {finished && summary.counts.error > 0 && (
              <p>
                <a href={`/api/staff/catalog/imports/${summary.id}/errors.csv`} download>
                  Fehlerbericht des Imports herunterladen (CSV)
                </a>
              </p>
            )}
          </section>
        )}
      </section>
    </div>
  )
}
