// Reference data of the Campus e-mail registration: German and Austrian universities with their
// mail domains (staff and students; subdomains such as student.uni-xyz.de match their parent
// domain, separate student domains such as mytum.de are listed). Upserted at every start, so a
// corrected domain reaches existing databases; ids are fixed because applications name them.
import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../client.ts'
import { universities } from '../schema/campus.ts'

type University = { id: number; name: string; country: 'DE' | 'AT'; domains: string[] }

export const UNIVERSITIES: University[] = [
  // Germany
  { id: 1, name: 'Technische Universität München', country: 'DE', domains: ['tum.de', 'mytum.de'] },
  {
    id: 2,
    name: 'Ludwig-Maximilians-Universität München',
    country: 'DE',
    domains: ['lmu.de', 'uni-muenchen.de'],
  },
  { id: 3, name: 'Humboldt-Universität zu Berlin', country: 'DE', domains: ['hu-berlin.de'] },
  { id: 4, name: 'Freie Universität Berlin', country: 'DE', domains: ['fu-berlin.de'] },
  { id: 5, name: 'Technische Universität Berlin', country: 'DE', domains: ['tu-berlin.de'] },
  { id: 6, name: 'Universität Hamburg', country: 'DE', domains: ['uni-hamburg.de'] },
  { id: 7, name: 'Universität zu Köln', country: 'DE', domains: ['uni-koeln.de'] },
  {
    id: 8,
    name: 'Ruprecht-Karls-Universität Heidelberg',
    country: 'DE',
    domains: ['uni-heidelberg.de'],
  },
  { id: 9, name: 'RWTH Aachen', country: 'DE', domains: ['rwth-aachen.de'] },
  {
    id: 10,
    name: 'Karlsruher Institut für Technologie (KIT)',
    country: 'DE',
    domains: ['kit.edu'],
  },
  { id: 11, name: 'Technische Universität Dresden', country: 'DE', domains: ['tu-dresden.de'] },
  {
    id: 12,
    name: 'Goethe-Universität Frankfurt am Main',
    country: 'DE',
    domains: ['uni-frankfurt.de'],
  },
  { id: 13, name: 'Universität Stuttgart', country: 'DE', domains: ['uni-stuttgart.de'] },
  {
    id: 14,
    name: 'Albert-Ludwigs-Universität Freiburg',
    country: 'DE',
    domains: ['uni-freiburg.de'],
  },
  {
    id: 15,
    name: 'Eberhard Karls Universität Tübingen',
    country: 'DE',
    domains: ['uni-tuebingen.de'],
  },
  {
    id: 16,
    name: 'Rheinische Friedrich-Wilhelms-Universität Bonn',
    country: 'DE',
    domains: ['uni-bonn.de'],
  },
  { id: 17, name: 'Universität Münster', country: 'DE', domains: ['uni-muenster.de'] },
  {
    id: 18,
    name: 'Georg-August-Universität Göttingen',
    country: 'DE',
    domains: ['uni-goettingen.de'],
  },
  {
    id: 19,
    name: 'Friedrich-Alexander-Universität Erlangen-Nürnberg',
    country: 'DE',
    domains: ['fau.de'],
  },
  { id: 20, name: 'Universität Leipzig', country: 'DE', domains: ['uni-leipzig.de'] },
  {
    id: 21,
    name: 'Ruhr-Universität Bochum',
    country: 'DE',
    domains: ['ruhr-uni-bochum.de', 'rub.de'],
  },
  { id: 22, name: 'Technische Universität Darmstadt', country: 'DE', domains: ['tu-darmstadt.de'] },
  { id: 23, name: 'Leibniz Universität Hannover', country: 'DE', domains: ['uni-hannover.de'] },
  { id: 24, name: 'Universität Mannheim', country: 'DE', domains: ['uni-mannheim.de'] },
  {
    id: 25,
    name: 'Julius-Maximilians-Universität Würzburg',
    country: 'DE',
    domains: ['uni-wuerzburg.de'],
  },
  { id: 26, name: 'Universität Potsdam', country: 'DE', domains: ['uni-potsdam.de'] },
  {
    id: 27,
    name: 'Christian-Albrechts-Universität zu Kiel',
    country: 'DE',
    domains: ['uni-kiel.de'],
  },
  { id: 28, name: 'Universität Bremen', country: 'DE', domains: ['uni-bremen.de'] },
  {
    id: 29,
    name: 'Technische Universität Braunschweig',
    country: 'DE',
    domains: ['tu-braunschweig.de', 'tu-bs.de'],
  },
  { id: 30, name: 'Universität Duisburg-Essen', country: 'DE', domains: ['uni-due.de'] },
  {
    id: 31,
    name: 'Johannes Gutenberg-Universität Mainz',
    country: 'DE',
    domains: ['uni-mainz.de'],
  },
  {
    id: 32,
    name: 'Universität Regensburg',
    country: 'DE',
    domains: ['uni-regensburg.de', 'ur.de'],
  },
  { id: 33, name: 'Universität Konstanz', country: 'DE', domains: ['uni-konstanz.de'] },
  { id: 34, name: 'Universität Passau', country: 'DE', domains: ['uni-passau.de'] },
  {
    id: 35,
    name: 'Otto-von-Guericke-Universität Magdeburg',
    country: 'DE',
    domains: ['ovgu.de', 'uni-magdeburg.de'],
  },
  { id: 36, name: 'Universität Bielefeld', country: 'DE', domains: ['uni-bielefeld.de'] },
  { id: 37, name: 'Technische Universität Dortmund', country: 'DE', domains: ['tu-dortmund.de'] },
  { id: 38, name: 'Universität Augsburg', country: 'DE', domains: ['uni-augsburg.de'] },
  { id: 39, name: 'Friedrich-Schiller-Universität Jena', country: 'DE', domains: ['uni-jena.de'] },
  { id: 40, name: 'Hochschule München', country: 'DE', domains: ['hm.edu'] },
  { id: 41, name: 'HTW Berlin', country: 'DE', domains: ['htw-berlin.de'] },
  { id: 42, name: 'TH Köln', country: 'DE', domains: ['th-koeln.de'] },
  // Austria
  { id: 101, name: 'Universität Wien', country: 'AT', domains: ['univie.ac.at'] },
  { id: 102, name: 'Technische Universität Wien', country: 'AT', domains: ['tuwien.ac.at'] },
  { id: 103, name: 'Wirtschaftsuniversität Wien', country: 'AT', domains: ['wu.ac.at'] },
  { id: 104, name: 'Universität Innsbruck', country: 'AT', domains: ['uibk.ac.at'] },
  { id: 105, name: 'Universität Graz', country: 'AT', domains: ['uni-graz.at'] },
  { id: 106, name: 'Technische Universität Graz', country: 'AT', domains: ['tugraz.at'] },
  { id: 107, name: 'Johannes Kepler Universität Linz', country: 'AT', domains: ['jku.at'] },
  {
    id: 108,
    name: 'Paris Lodron Universität Salzburg',
    country: 'AT',
    domains: ['plus.ac.at', 'sbg.ac.at'],
  },
  { id: 109, name: 'Universität Klagenfurt', country: 'AT', domains: ['aau.at'] },
  { id: 110, name: 'Medizinische Universität Wien', country: 'AT', domains: ['meduniwien.ac.at'] },
  { id: 111, name: 'Universität für Bodenkultur Wien', country: 'AT', domains: ['boku.ac.at'] },
  { id: 112, name: 'Montanuniversität Leoben', country: 'AT', domains: ['unileoben.ac.at'] },
  { id: 113, name: 'FH Technikum Wien', country: 'AT', domains: ['technikum-wien.at'] },
]

export async function seedUniversities(db: DbOrTx): Promise<void> {
  await db
    .insert(universities)
    .values(UNIVERSITIES.map((u) => ({ ...u, isActive: true })))
    .onConflictDoUpdate({
      target: universities.id,
      set: {
        name: sql`excluded.name`,
        country: sql`excluded.country`,
        domains: sql`excluded.domains`,
        isActive: sql`excluded.is_active`,
      },
    })
}
