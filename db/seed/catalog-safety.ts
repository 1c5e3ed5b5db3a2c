// Product safety data of the demo catalog (GPSR (EU) 2023/988 Art. 19; docs/decisions.md
// "Product safety and take-back"): the manufacturer of every seeded brand with its postal and
// electronic address, the EU responsible person of manufacturers outside the Union, the warnings
// per kind of product and the take-back flags (ElektroG, battery law). Demo data: plausible
// contacts, not verified; an operator takes them from the product labels and the suppliers.
import type { CatalogVisual } from '../schema/catalog.ts'

/** Name; street; zip code; city; ISO country code; e-mail or contact form. */
type Operator = [
  name: string,
  street: string,
  zip: string,
  city: string,
  country: string,
  web: string,
]

export type OperatorSeed = {
  name: string
  street: string
  zipCode: string
  city: string
  countryCode: string
  electronicAddress: string
}

export type ManufacturerSeed = OperatorSeed & { brand: string; responsible: OperatorSeed | null }

/** Member states of the EU (a manufacturer established elsewhere needs a responsible person). */
export const EU_COUNTRIES = new Set(
  'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' '),
)

// EU subsidiaries and importers used as responsible persons.
const RP = {
  amd: [
    'AMD (Advanced Micro Devices) GmbH',
    'Einsteinring 24',
    '85609',
    'Aschheim',
    'DE',
    'https://www.amd.com/de/contact',
  ],
  apple: [
    'Apple Distribution International Ltd.',
    'Hollyhill Industrial Estate, Hollyhill',
    'T23 YK84',
    'Cork',
    'IE',
    'https://www.apple.com/de/contact/',
  ],
  acer: [
    'Acer Computer GmbH',
    'Kornkamp 4',
    '22926',
    'Ahrensburg',
    'DE',
    'https://www.acer.com/de-de/support',
  ],
  asus: [
    'ASUS Computer GmbH',
    'Harkortstraße 21-23',
    '40880',
    'Ratingen',
    'DE',
    'https://www.asus.com/de/support/',
  ],
  asrock: [
    'ASRock Europe B.V.',
    'Bijsterhuizen 11-11',
    '6546 AR',
    'Nijmegen',
    'NL',
    'https://www.asrock.com/support/',
  ],
  avermedia: [
    'AVerMedia Technologies Europe B.V.',
    'Koningin Wilhelminaplein 13',
    '1062 HH',
    'Amsterdam',
    'NL',
    'https://www.avermedia.com/de/support',
  ],
  benq: [
    'BenQ Europe B.V.',
    'Meerenakkerweg 1-17',
    '5652 AR',
    'Eindhoven',
    'NL',
    'https://www.benq.eu/de-de/support.html',
  ],
  bose: [
    'Bose GmbH',
    'Max-Planck-Straße 36',
    '61381',
    'Friedrichsdorf',
    'DE',
    'https://www.bose.de/kontakt',
  ],
  coolermaster: [
    'Cooler Master Europe B.V.',
    'Science Park Eindhoven 5502',
    '5692 EL',
    'Son',
    'NL',
    'https://www.coolermaster.com/de-de/support/',
  ],
  corsair: [
    'Corsair Memory B.V.',
    'Wattbaan 1-3',
    '3439 ML',
    'Nieuwegein',
    'NL',
    'https://help.corsair.com',
  ],
  dell: [
    'Dell GmbH',
    'Unterschweinstiege 10',
    '60549',
    'Frankfurt am Main',
    'DE',
    'https://www.dell.com/support/contents/de-de',
  ],
  eizo: [
    'EIZO Europe GmbH',
    'Belgrader Straße 2',
    '41069',
    'Mönchengladbach',
    'DE',
    'https://www.eizo.de/kontakt',
  ],
  fujitsu: [
    'Fujitsu Technology Solutions GmbH',
    'Mies-van-der-Rohe-Straße 8',
    '80807',
    'München',
    'DE',
    'https://www.fujitsu.com/de/support/',
  ],
  gigabyte: [
    'GIGA-BYTE Technology B.V.',
    'Verdunplein 17',
    '5627 SZ',
    'Eindhoven',
    'NL',
    'https://www.gigabyte.com/de/Support',
  ],
  google: [
    'Google Ireland Limited',
    'Gordon House, Barrow Street',
    'D04 E5W5',
    'Dublin 4',
    'IE',
    'https://support.google.com/store',
  ],
  gskill: [
    'G.Skill Europe B.V.',
    'Transformatorweg 38',
    '1014 AK',
    'Amsterdam',
    'NL',
    'https://www.gskill.com/contact',
  ],
  harman: [
    'Harman Deutschland GmbH',
    'Parkring 3',
    '85748',
    'Garching bei München',
    'DE',
    'https://de.jbl.com/kontakt',
  ],
  hisense: [
    'Hisense Germany GmbH',
    'Berliner Allee 65',
    '40212',
    'Düsseldorf',
    'DE',
    'https://hisense.de/kontakt/',
  ],
  hp: [
    'HP Deutschland GmbH',
    'Schickardstraße 32',
    '71034',
    'Böblingen',
    'DE',
    'https://support.hp.com/de-de/contact-hp',
  ],
  iiyama: [
    'iiyama Deutschland GmbH',
    'Lerchenstraße 2a',
    '80995',
    'München',
    'DE',
    'https://iiyama.com/de_de/kontakt/',
  ],
  intel: [
    'Intel Deutschland GmbH',
    'Am Campeon 10',
    '85579',
    'Neubiberg',
    'DE',
    'https://www.intel.de/content/www/de/de/support.html',
  ],
  keychron: [
    'EU Product Compliance Service GmbH',
    'Hafenstraße 12',
    '20457',
    'Hamburg',
    'DE',
    'mailto:keychron@eu-compliance.example',
  ],
  kingston: [
    'Kingston Technology GmbH',
    'Hanns-Braun-Straße 4',
    '85375',
    'Neufahrn',
    'DE',
    'https://www.kingston.com/de/company/contact',
  ],
  lenovo: [
    'Lenovo (Deutschland) GmbH',
    'Meitnerstraße 9',
    '70563',
    'Stuttgart',
    'DE',
    'https://support.lenovo.com/de/de/contactus',
  ],
  lexar: [
    'Lexar Europe B.V.',
    'Prins Bernhardplein 200',
    '1097 JB',
    'Amsterdam',
    'NL',
    'https://www.lexar.com/de/support/',
  ],
  lg: [
    'LG Electronics Deutschland GmbH',
    'Alfred-Herrhausen-Allee 3-5',
    '65760',
    'Eschborn',
    'DE',
    'https://www.lg.com/de/support/kontakt',
  ],
  lianli: [
    'Lian Li Industrial Europe B.V.',
    'Kelvinring 40',
    '2952 BG',
    'Alblasserdam',
    'NL',
    'https://lian-li.com/contact/',
  ],
  logitech: [
    'Logitech GmbH',
    'Landshuter Allee 8-10',
    '80637',
    'München',
    'DE',
    'https://support.logi.com/hc/de',
  ],
  micron: [
    'Micron Semiconductor (Deutschland) GmbH',
    'Sonnenallee 1',
    '85551',
    'Kirchheim bei München',
    'DE',
    'https://de.crucial.com/support/contact',
  ],
  microsoft: [
    'Microsoft Ireland Operations Limited',
    'One Microsoft Place, South County Business Park',
    'D18 P521',
    'Dublin',
    'IE',
    'https://support.microsoft.com/de-de/contactus',
  ],
  minisforum: [
    'Minisforum Europe GmbH',
    'Kaiserstraße 59',
    '60329',
    'Frankfurt am Main',
    'DE',
    'mailto:support@minisforum.example',
  ],
  beelink: [
    'EU Product Compliance Service GmbH',
    'Hafenstraße 12',
    '20457',
    'Hamburg',
    'DE',
    'mailto:beelink@eu-compliance.example',
  ],
  insta360: [
    'Insta360 Europe GmbH',
    'Ridlerstraße 31',
    '80339',
    'München',
    'DE',
    'https://www.insta360.com/de/support/',
  ],
  motorola: [
    'Motorola Mobility Germany GmbH',
    'Meitnerstraße 9',
    '70563',
    'Stuttgart',
    'DE',
    'https://www.motorola.com/de/de/support',
  ],
  msi: [
    'MSI Technology GmbH',
    'Hanauer Landstraße 328-330',
    '60314',
    'Frankfurt am Main',
    'DE',
    'https://de.msi.com/support',
  ],
  nothing: [
    'Nothing Technology Netherlands B.V.',
    'Herengracht 280',
    '1016 BX',
    'Amsterdam',
    'NL',
    'https://nothing.tech/pages/contact',
  ],
  nzxt: [
    'NZXT Europe B.V.',
    'Evert van de Beekstraat 1-104',
    '1118 CL',
    'Schiphol',
    'NL',
    'https://nzxt.com/de-DE/support',
  ],
  oneplus: [
    'OnePlus Technology B.V.',
    'Stationsplein 45',
    '3013 AK',
    'Rotterdam',
    'NL',
    'https://www.oneplus.com/de/support/contact',
  ],
  panasonic: [
    'Panasonic Marketing Europe GmbH',
    'Hagenauer Straße 43',
    '65203',
    'Wiesbaden',
    'DE',
    'https://www.panasonic.com/de/support/kontakt.html',
  ],
  partner: [
    'Bitwerk Import GmbH',
    'Lagerstraße 1',
    '04356',
    'Leipzig',
    'DE',
    'mailto:produktsicherheit@bitwerk.example',
  ],
  patriot: [
    'Patriot Memory Europe B.V.',
    'Hoofdweg 52',
    '3067 GH',
    'Rotterdam',
    'NL',
    'https://patriotmemory.com/pages/contact',
  ],
  pny: [
    'PNY Technologies Europe SAS',
    'Rue Joseph Cugnot, Zone du Phare',
    '33700',
    'Mérignac',
    'FR',
    'https://www.pny.com/de-de/support',
  ],
  razer: [
    'Razer Europe GmbH',
    'Poststraße 20',
    '20354',
    'Hamburg',
    'DE',
    'https://mysupport.razer.com',
  ],
  samsung: [
    'Samsung Electronics GmbH',
    'Frankfurter Straße 2',
    '65760',
    'Eschborn',
    'DE',
    'https://www.samsung.com/de/info/contactus/',
  ],
  seagate: [
    'Seagate Technology (Netherlands) B.V.',
    'Tupolevlaan 105',
    '1119 PA',
    'Schiphol-Rijk',
    'NL',
    'https://www.seagate.com/de/de/support/',
  ],
  seasonic: [
    'Seasonic Electronics Europe B.V.',
    'Keizersgracht 62',
    '1015 CS',
    'Amsterdam',
    'NL',
    'https://seasonic.com/de/contact',
  ],
  sonos: [
    'Sonos Europe B.V.',
    'Schuttersweg 10',
    '1217 PZ',
    'Hilversum',
    'NL',
    'https://support.sonos.com/de-de/contact',
  ],
  sony: [
    'Sony Europe B.V., Zweigniederlassung Deutschland',
    'Kemperplatz 1',
    '10785',
    'Berlin',
    'DE',
    'https://www.sony.de/electronics/support/contact',
  ],
  tcl: [
    'TCL Operations Polska Sp. z o.o.',
    'ul. Mickiewicza 31/41',
    '96-300',
    'Żyrardów',
    'PL',
    'https://www.tcl.com/de/de/support',
  ],
  teamgroup: [
    'Team Group Europe B.V.',
    'Hoogoorddreef 15',
    '1101 BA',
    'Amsterdam',
    'NL',
    'https://www.teamgroupinc.com/en/contact/',
  ],
  tul: [
    'TUL Europe B.V.',
    'Oude Vest 4',
    '4811 HT',
    'Breda',
    'NL',
    'https://www.powercolor.com/contact',
  ],
  wd: [
    'Western Digital Deutschland GmbH',
    'Konrad-Zuse-Platz 4',
    '81829',
    'München',
    'DE',
    'https://support-de.wd.com',
  ],
  xiaomi: [
    'Xiaomi Technology Netherlands B.V.',
    'Prins Bernhardplein 200',
    '1097 JB',
    'Amsterdam',
    'NL',
    'https://www.mi.com/de/service/contact/',
  ],
  zotac: [
    'ZOTAC Technology GmbH',
    'Schillerstraße 7',
    '40237',
    'Düsseldorf',
    'DE',
    'https://www.zotac.com/de/contact',
  ],
  aoc: [
    'MMD-Monitors & Displays Nederland B.V.',
    'Prins Bernhardplein 200',
    '1097 JB',
    'Amsterdam',
    'NL',
    'https://aoc.com/de/support',
  ],
} satisfies Record<string, Operator>

type RpKey = keyof typeof RP

/** Every brand of the seed: its manufacturer and, outside the EU, the responsible person. */
const MANUFACTURERS: [brand: string, manufacturer: Operator, responsible: RpKey | null][] = [
  [
    'AMD',
    [
      'Advanced Micro Devices, Inc.',
      '2485 Augustine Drive',
      'CA 95054',
      'Santa Clara',
      'US',
      'https://www.amd.com/de/contact',
    ],
    'amd',
  ],
  [
    'AOC',
    [
      'AOC International',
      '4F, No. 16, Lane 609, Chongxin Road',
      '241',
      'New Taipei City',
      'TW',
      'https://aoc.com/de/support',
    ],
    'aoc',
  ],
  [
    'ASRock',
    [
      'ASRock Incorporation',
      '2F, No. 37, Sec. 2, Jhongyang S. Road',
      '112',
      'Taipei',
      'TW',
      'https://www.asrock.com/support/',
    ],
    'asrock',
  ],
  [
    'ASUS',
    [
      'ASUSTeK Computer Inc.',
      'No. 15, Li-Te Road, Beitou District',
      '112',
      'Taipei',
      'TW',
      'https://www.asus.com/de/support/',
    ],
    'asus',
  ],
  [
    'AVerMedia',
    [
      'AVerMedia Technologies, Inc.',
      'No. 135, Jian 1st Road, Zhonghe District',
      '235',
      'New Taipei City',
      'TW',
      'https://www.avermedia.com/de/support',
    ],
    'avermedia',
  ],
  [
    'Acer',
    [
      'Acer Inc.',
      '8F, No. 88, Sec. 1, Xintai 5th Road, Xizhi District',
      '221',
      'New Taipei City',
      'TW',
      'https://www.acer.com/de-de/support',
    ],
    'acer',
  ],
  [
    'Apple',
    [
      'Apple Inc.',
      'One Apple Park Way',
      'CA 95014',
      'Cupertino',
      'US',
      'https://www.apple.com/de/contact/',
    ],
    'apple',
  ],
  [
    'Beelink',
    [
      'Shenzhen AZW Technology Co., Ltd.',
      'Guangming District, Fenghuang Street',
      '518107',
      'Shenzhen',
      'CN',
      'mailto:support@bee-link.example',
    ],
    'beelink',
  ],
  [
    'BenQ',
    [
      'BenQ Corporation',
      '16 Jihu Road, Neihu District',
      '114',
      'Taipei',
      'TW',
      'https://www.benq.eu/de-de/support.html',
    ],
    'benq',
  ],
  [
    'Bitwerk',
    [
      'Bitwerk GmbH',
      'Lagerstraße 1',
      '04356',
      'Leipzig',
      'DE',
      'mailto:produktsicherheit@bitwerk.example',
    ],
    null,
  ],
  [
    'Bose',
    [
      'Bose Corporation',
      '100 The Mountain Road',
      'MA 01701',
      'Framingham',
      'US',
      'https://www.bose.de/kontakt',
    ],
    'bose',
  ],
  [
    'Captiva',
    [
      'Captiva GmbH',
      'Gewerbepark 10',
      '86687',
      'Kaisheim',
      'DE',
      'https://www.captiva-power.de/kontakt',
    ],
    null,
  ],
  [
    'Cherry',
    [
      'Cherry Europe GmbH',
      'Cherrystraße 2',
      '91275',
      'Auerbach in der Oberpfalz',
      'DE',
      'https://www.cherry.de/kontakt',
    ],
    null,
  ],
  [
    'Cooler Master',
    [
      'Cooler Master Technology Inc.',
      '8F, No. 788-1, Zhongzheng Road, Zhonghe District',
      '235',
      'New Taipei City',
      'TW',
      'https://www.coolermaster.com/de-de/support/',
    ],
    'coolermaster',
  ],
  [
    'Corsair',
    [
      'Corsair Memory, Inc.',
      '115 N. McCarthy Boulevard',
      'CA 95035',
      'Milpitas',
      'US',
      'https://help.corsair.com',
    ],
    'corsair',
  ],
  [
    'Crucial',
    [
      'Micron Technology, Inc.',
      '8000 S. Federal Way',
      'ID 83716',
      'Boise',
      'US',
      'https://de.crucial.com/support/contact',
    ],
    'micron',
  ],
  [
    'Dell',
    [
      'Dell Technologies Inc.',
      'One Dell Way',
      'TX 78682',
      'Round Rock',
      'US',
      'https://www.dell.com/support/contents/de-de',
    ],
    'dell',
  ],
  [
    'EIZO',
    [
      'EIZO Corporation',
      '153 Shimokashiwano',
      '924-8566',
      'Hakusan, Ishikawa',
      'JP',
      'https://www.eizo.de/kontakt',
    ],
    'eizo',
  ],
  [
    'EPOS',
    [
      'EPOS Group A/S',
      'Industriparken 27',
      '2750',
      'Ballerup',
      'DK',
      'https://www.eposaudio.com/de/de/support',
    ],
    null,
  ],
  [
    'Elgato',
    ['Elgato GmbH', 'Gewürzmühlstraße 11', '80538', 'München', 'DE', 'https://help.elgato.com'],
    null,
  ],
  [
    'Fairphone',
    [
      'Fairphone B.V.',
      'Jollemanhof 17',
      '1019 GW',
      'Amsterdam',
      'NL',
      'https://support.fairphone.com',
    ],
    null,
  ],
  [
    'Fractal Design',
    [
      'Fractal Design AB',
      'Datavägen 21B',
      '436 32',
      'Askim',
      'SE',
      'https://www.fractal-design.com/support/',
    ],
    null,
  ],
  [
    'Fujitsu',
    [
      'Fujitsu Client Computing Limited',
      '1-1 Kamikodanaka 4-chome, Nakahara-ku',
      '211-8588',
      'Kawasaki',
      'JP',
      'https://www.fujitsu.com/de/support/',
    ],
    'fujitsu',
  ],
  [
    'G.Skill',
    [
      'G.Skill International Enterprise Co., Ltd.',
      '15F, No. 180, Sec. 1, Datong Road, Xizhi District',
      '221',
      'New Taipei City',
      'TW',
      'https://www.gskill.com/contact',
    ],
    'gskill',
  ],
  [
    'Gigabyte',
    [
      'GIGA-BYTE Technology Co., Ltd.',
      'No. 6, Baoqiang Road, Xindian District',
      '231',
      'New Taipei City',
      'TW',
      'https://www.gigabyte.com/de/Support',
    ],
    'gigabyte',
  ],
  [
    'Google',
    [
      'Google LLC',
      '1600 Amphitheatre Parkway',
      'CA 94043',
      'Mountain View',
      'US',
      'https://support.google.com/store',
    ],
    'google',
  ],
  [
    'HP',
    [
      'HP Inc.',
      '1501 Page Mill Road',
      'CA 94304',
      'Palo Alto',
      'US',
      'https://support.hp.com/de-de/contact-hp',
    ],
    'hp',
  ],
  [
    'Hisense',
    [
      'Hisense Visual Technology Co., Ltd.',
      '218 Qianwangang Road',
      '266555',
      'Qingdao',
      'CN',
      'https://hisense.de/kontakt/',
    ],
    'hisense',
  ],
  [
    'HyperX',
    [
      'HP Inc.',
      '1501 Page Mill Road',
      'CA 94304',
      'Palo Alto',
      'US',
      'https://hyperx.com/pages/contact',
    ],
    'hp',
  ],
  [
    'INNO3D',
    [
      'InnoVISION Multimedia Ltd.',
      'Unit 1, 18/F, Kwai Chung Plaza',
      '999077',
      'Hongkong',
      'HK',
      'https://www.inno3d.com/support',
    ],
    'partner',
  ],
  [
    'Insta360',
    [
      'Arashi Vision Inc.',
      '11F, Block A, Jinzhi Building, Nanshan District',
      '518000',
      'Shenzhen',
      'CN',
      'https://www.insta360.com/de/support/',
    ],
    'insta360',
  ],
  [
    'Intel',
    [
      'Intel Corporation',
      '2200 Mission College Boulevard',
      'CA 95054',
      'Santa Clara',
      'US',
      'https://www.intel.de/content/www/de/de/support.html',
    ],
    'intel',
  ],
  [
    'JBL',
    [
      'Harman International Industries, Inc.',
      '400 Atlantic Street',
      'CT 06901',
      'Stamford',
      'US',
      'https://de.jbl.com/kontakt',
    ],
    'harman',
  ],
  [
    'Jabra',
    [
      'GN Audio A/S',
      'Lautrupbjerg 7',
      '2750',
      'Ballerup',
      'DK',
      'https://www.jabra.com/de-de/support',
    ],
    null,
  ],
  [
    'Keychron',
    [
      'Keychron Limited',
      'Unit 1603, 16/F, The L. Plaza, Sheung Wan',
      '999077',
      'Hongkong',
      'HK',
      'https://www.keychron.com/pages/contact-us',
    ],
    'keychron',
  ],
  [
    'Kingston',
    [
      'Kingston Technology Company, Inc.',
      '17600 Newhope Street',
      'CA 92708',
      'Fountain Valley',
      'US',
      'https://www.kingston.com/de/company/contact',
    ],
    'kingston',
  ],
  [
    'LG',
    [
      'LG Electronics Inc.',
      'LG Twin Towers, 128 Yeoui-daero, Yeongdeungpo-gu',
      '07336',
      'Seoul',
      'KR',
      'https://www.lg.com/de/support/kontakt',
    ],
    'lg',
  ],
  [
    'Lenovo',
    [
      'Lenovo PC HK Limited',
      '23/F, Lincoln House, Taikoo Place, 979 King’s Road',
      '999077',
      'Hongkong',
      'HK',
      'https://support.lenovo.com/de/de/contactus',
    ],
    'lenovo',
  ],
  [
    'Lexar',
    [
      'Longsys Electronics Co., Ltd.',
      'Longsys Building, Nanshan District',
      '518057',
      'Shenzhen',
      'CN',
      'https://www.lexar.com/de/support/',
    ],
    'lexar',
  ],
  [
    'Lian Li',
    [
      'Lian Li Industrial Co., Ltd.',
      'No. 38, Keji Road, Keelung',
      '206',
      'Keelung',
      'TW',
      'https://lian-li.com/contact/',
    ],
    'lianli',
  ],
  [
    'Logitech',
    [
      'Logitech Europe S.A.',
      'EPFL - Quartier de l’Innovation, Daniel Borel Innovation Center',
      '1015',
      'Lausanne',
      'CH',
      'https://support.logi.com/hc/de',
    ],
    'logitech',
  ],
  [
    'MSI',
    [
      'Micro-Star International Co., Ltd.',
      'No. 69, Lide Street, Zhonghe District',
      '235',
      'New Taipei City',
      'TW',
      'https://de.msi.com/support',
    ],
    'msi',
  ],
  [
    'Medion',
    [
      'MEDION AG',
      'Am Zehnthof 77',
      '45307',
      'Essen',
      'DE',
      'https://www.medion.com/de/service/kontakt',
    ],
    null,
  ],
  [
    'Microsoft',
    [
      'Microsoft Corporation',
      'One Microsoft Way',
      'WA 98052',
      'Redmond',
      'US',
      'https://support.microsoft.com/de-de/contactus',
    ],
    'microsoft',
  ],
  [
    'Minisforum',
    [
      'Micro Computer (HK) Tech Limited',
      'Room 1101, 11/F, Kwai Cheong Centre',
      '999077',
      'Hongkong',
      'HK',
      'mailto:support@minisforum.example',
    ],
    'minisforum',
  ],
  [
    'Motorola',
    [
      'Motorola Mobility LLC',
      '222 W. Merchandise Mart Plaza',
      'IL 60654',
      'Chicago',
      'US',
      'https://www.motorola.com/de/de/support',
    ],
    'motorola',
  ],
  [
    'NZXT',
    [
      'NZXT, Inc.',
      '15736 East Valley Boulevard',
      'CA 91745',
      'City of Industry',
      'US',
      'https://nzxt.com/de-DE/support',
    ],
    'nzxt',
  ],
  [
    'Nothing',
    [
      'Nothing Technology Limited',
      '1 Lyric Square',
      'W6 0NB',
      'London',
      'GB',
      'https://nothing.tech/pages/contact',
    ],
    'nothing',
  ],
  [
    'OnePlus',
    [
      'OnePlus Technology (Shenzhen) Co., Ltd.',
      '18F, Tairan Building, Futian District',
      '518040',
      'Shenzhen',
      'CN',
      'https://www.oneplus.com/de/support/contact',
    ],
    'oneplus',
  ],
  [
    'PNY',
    [
      'PNY Technologies, Inc.',
      '100 Jefferson Road',
      'NJ 07054',
      'Parsippany',
      'US',
      'https://www.pny.com/de-de/support',
    ],
    'pny',
  ],
  [
    'Palit',
    [
      'Palit Microsystems Ltd.',
      '8F, No. 233-3, Baoqiao Road, Xindian District',
      '231',
      'New Taipei City',
      'TW',
      'https://www.palit.com/palit/contact.php',
    ],
    'partner',
  ],
  [
    'Panasonic',
    [
      'Panasonic Entertainment & Communication Co., Ltd.',
      '1-10-12 Yagumo-higashi-machi',
      '570-0021',
      'Moriguchi, Osaka',
      'JP',
      'https://www.panasonic.com/de/support/kontakt.html',
    ],
    'panasonic',
  ],
  [
    'Patriot',
    [
      'Patriot Memory LLC',
      '47027 Benicia Street',
      'CA 94538',
      'Fremont',
      'US',
      'https://patriotmemory.com/pages/contact',
    ],
    'patriot',
  ],
  [
    'Phanteks',
    [
      'Phanteks B.V.',
      'Industrieweg 2',
      '5145 PW',
      'Waalwijk',
      'NL',
      'https://phanteks.com/contact',
    ],
    null,
  ],
  [
    'Philips',
    [
      'TP Vision Europe B.V.',
      'Prins Bernhardplein 200',
      '1097 JB',
      'Amsterdam',
      'NL',
      'https://www.philips.de/c-m-so/tv/kontakt',
    ],
    null,
  ],
  [
    'PowerColor',
    [
      'TUL Corporation',
      '6F, No. 5, Lane 91, Dongmei Road',
      '300',
      'Hsinchu',
      'TW',
      'https://www.powercolor.com/contact',
    ],
    'tul',
  ],
  [
    'Razer',
    [
      'Razer Inc.',
      '9 Pasteur, Suite 100',
      'CA 92618',
      'Irvine',
      'US',
      'https://mysupport.razer.com',
    ],
    'razer',
  ],
  [
    'Samsung',
    [
      'Samsung Electronics Co., Ltd.',
      '129 Samsung-ro, Yeongtong-gu',
      '16677',
      'Suwon',
      'KR',
      'https://www.samsung.com/de/info/contactus/',
    ],
    'samsung',
  ],
  [
    'Sapphire',
    [
      'Sapphire Technology Limited',
      'Unit 1908-1919, 19/F, Tower 2, Grand Century Place',
      '999077',
      'Hongkong',
      'HK',
      'https://www.sapphiretech.com/de/support',
    ],
    'partner',
  ],
  [
    'Seagate',
    [
      'Seagate Technology LLC',
      '47488 Kato Road',
      'CA 94538',
      'Fremont',
      'US',
      'https://www.seagate.com/de/de/support/',
    ],
    'seagate',
  ],
  [
    'Seasonic',
    [
      'Sea Sonic Electronics Co., Ltd.',
      'No. 8, Lane 75, Sec. 1, Xinhu 1st Road',
      '114',
      'Taipei',
      'TW',
      'https://seasonic.com/de/contact',
    ],
    'seasonic',
  ],
  [
    'Sennheiser',
    [
      'Sonova Consumer Hearing GmbH',
      'Am Labor 1',
      '30900',
      'Wedemark',
      'DE',
      'https://www.sennheiser-hearing.com/de-DE/contact',
    ],
    null,
  ],
  [
    'Sonos',
    [
      'Sonos, Inc.',
      '301 Coromar Drive',
      'CA 93117',
      'Santa Barbara',
      'US',
      'https://support.sonos.com/de-de/contact',
    ],
    'sonos',
  ],
  [
    'Sony',
    [
      'Sony Corporation',
      '1-7-1 Konan, Minato-ku',
      '108-0075',
      'Tokio',
      'JP',
      'https://www.sony.de/electronics/support/contact',
    ],
    'sony',
  ],
  [
    'Sparkle',
    [
      'Sparkle Computer Co., Ltd.',
      '6F, No. 150, Jian Yi Road, Zhonghe District',
      '235',
      'New Taipei City',
      'TW',
      'https://www.sparkle.com.tw/contact',
    ],
    'partner',
  ],
  [
    'SteelSeries',
    [
      'SteelSeries ApS',
      'Tuborg Boulevard 12',
      '2900',
      'Hellerup',
      'DK',
      'https://support.steelseries.com',
    ],
    null,
  ],
  [
    'TCL',
    [
      'TCL Electronics Holdings Limited',
      '7/F, Building 22E, 22 Science Park East Avenue',
      '999077',
      'Hongkong',
      'HK',
      'https://www.tcl.com/de/de/support',
    ],
    'tcl',
  ],
  [
    'TeamGroup',
    [
      'Team Group Inc.',
      '3F, No. 166, Jian 1st Road, Zhonghe District',
      '235',
      'New Taipei City',
      'TW',
      'https://www.teamgroupinc.com/en/contact/',
    ],
    'teamgroup',
  ],
  [
    'Teufel',
    [
      'Lautsprecher Teufel GmbH',
      'Budapester Straße 44',
      '10787',
      'Berlin',
      'DE',
      'https://teufel.de/kontakt',
    ],
    null,
  ],
  [
    'WD',
    [
      'Western Digital Technologies, Inc.',
      '5601 Great Oaks Parkway',
      'CA 95119',
      'San José',
      'US',
      'https://support-de.wd.com',
    ],
    'wd',
  ],
  [
    'XFX',
    [
      'Pine Technology Holdings Limited',
      'Unit 1-5, 15/F, Kwai Cheong Centre',
      '999077',
      'Hongkong',
      'HK',
      'https://www.xfxforce.com/support',
    ],
    'partner',
  ],
  [
    'Xiaomi',
    [
      'Xiaomi Communications Co., Ltd.',
      'Xiaomi Campus, Anningzhuang Road, Haidian District',
      '100085',
      'Peking',
      'CN',
      'https://www.mi.com/de/service/contact/',
    ],
    'xiaomi',
  ],
  [
    'ZOTAC',
    [
      'ZOTAC International (MCO) Limited',
      'Avenida da Praia Grande 409',
      '999078',
      'Macau',
      'MO',
      'https://www.zotac.com/de/contact',
    ],
    'zotac',
  ],
  [
    'be quiet!',
    ['Listan GmbH', 'Biedenkamp 8', '21509', 'Glinde', 'DE', 'https://www.bequiet.com/de/contact'],
    null,
  ],
  [
    'beyerdynamic',
    [
      'beyerdynamic GmbH & Co. KG',
      'Theresienstraße 8',
      '74072',
      'Heilbronn',
      'DE',
      'https://www.beyerdynamic.de/kontakt',
    ],
    null,
  ],
  [
    'iiyama',
    [
      'iiyama Corporation',
      '3-1 Kanda-Ogawamachi, Chiyoda-ku',
      '101-0052',
      'Tokio',
      'JP',
      'https://iiyama.com/de_de/kontakt/',
    ],
    'iiyama',
  ],
]

function operator([
  name,
  street,
  zipCode,
  city,
  countryCode,
  electronicAddress,
]: Operator): OperatorSeed {
  return { name, street, zipCode, city, countryCode, electronicAddress }
}

/** The manufacturers of every seeded brand (the seed fails on a brand without one). */
export const MANUFACTURER_SEEDS: ManufacturerSeed[] = MANUFACTURERS.map(([brand, m, rp]) => ({
  brand,
  ...operator(m),
  responsible: rp ? operator(RP[rp]) : null,
}))

/** The responsible persons, each once (several manufacturers may share one). */
export const RESPONSIBLE_PERSON_KEYS = Object.keys(RP) as RpKey[]

export type SafetyFacts = { warnings: string[]; largeAppliance: boolean; containsBattery: boolean }

const MAINS =
  'Nur an einer ordnungsgemäß installierten Schutzkontakt-Steckdose (230 V) betreiben. Netzkabel nicht knicken oder einklemmen; bei beschädigtem Kabel oder Gehäuse nicht verwenden.'
const MOISTURE =
  'Vor Feuchtigkeit, Tropf- und Spritzwasser schützen; nicht in Bad oder Außenbereich betreiben.'
const VENT = 'Lüftungsöffnungen nicht abdecken; für ausreichende Luftzirkulation sorgen.'
const LI_ION =
  'Enthält einen fest eingebauten Lithium-Ionen-Akku: nicht öffnen, durchstechen oder Temperaturen über 60 °C aussetzen. Bei Aufblähen, Hitze oder Geruch das Gerät nicht mehr laden und vom Netz trennen. Nur das mitgelieferte oder ein zertifiziertes Ladegerät verwenden.'
const COIN =
  'Enthält eine Knopfzelle: außer Reichweite von Kindern aufbewahren. Verschlucken kann innerhalb von zwei Stunden zu schweren inneren Verätzungen führen; bei Verdacht sofort ärztliche Hilfe holen.'
const HEARING =
  'Zur Vermeidung möglicher Hörschäden nicht über längere Zeit mit hoher Lautstärke hören.'
const ESD =
  'Einbau nur bei ausgeschaltetem, vom Netz getrenntem Rechner. Vor dem Berühren elektrostatische Ladung ableiten (z. B. an einem geerdeten Metallteil); Bauteile nur an den Kanten anfassen.'
const PHOTO =
  'Bei Lichtempfindlichkeit oder Neigung zu epileptischen Anfällen vor der Nutzung ärztlichen Rat einholen.'
const HEAVY =
  'Schweres Gerät: zu zweit auspacken und aufstellen; nur auf stabiler, ebener Fläche oder mit geeigneter Wandhalterung betreiben und gegen Umkippen sichern.'
const SMALL_PARTS =
  'Enthält Kleinteile, die verschluckt werden können: nicht für Kinder unter 3 Jahren geeignet.'
const PSU =
  'Netzteil nicht öffnen: im Inneren liegen auch nach dem Trennen vom Netz gefährliche Spannungen an.'
const RADIO =
  'Sendet Funksignale: Abstand zu Herzschrittmachern und anderen medizinischen Implantaten halten (mindestens 15 cm); Vorgaben in Flugzeugen und Kliniken beachten.'

/** Wireless input devices and headsets run on a battery; wired ones do not. */
function wireless(name: string): boolean {
  return /wireless|kabellos|lightspeed|bluetooth|funk|hyperspeed|slipstream|\bair\b/i.test(name)
}

/**
 * Warnings and take-back flags by kind of product. Large appliances (ElektroG categories 1, 2,
 * 4): screens above 100 cm² (monitors, TVs, notebooks, tablets and convertibles) and devices with
 * an edge above 50 cm (PC towers, cases, soundbars). Batteries: notebooks, tablets, phones and
 * PCs and mainboards (the CMOS coin cell), wireless headphones, headsets, mice and keyboards.
 */
export function safetyFactsOf(visual: CatalogVisual, name: string, path: string): SafetyFacts {
  const miniPc = path.endsWith('/mini-pcs')
  switch (visual) {
    case 'notebook':
      return { warnings: [LI_ION, VENT, MOISTURE], largeAppliance: true, containsBattery: true }
    case 'tablet':
      return { warnings: [LI_ION, RADIO, MOISTURE], largeAppliance: true, containsBattery: true }
    case 'phone':
      return { warnings: [LI_ION, RADIO, HEARING], largeAppliance: false, containsBattery: true }
    case 'pc':
      return { warnings: [MAINS, VENT, COIN], largeAppliance: !miniPc, containsBattery: true }
    case 'monitor':
      return { warnings: [MAINS, PHOTO, MOISTURE], largeAppliance: true, containsBattery: false }
    case 'tv':
      return {
        warnings: [MAINS, HEAVY, MOISTURE, PHOTO],
        largeAppliance: true,
        containsBattery: true,
      }
    case 'speaker':
      return { warnings: [MAINS, HEARING, MOISTURE], largeAppliance: true, containsBattery: false }
    case 'case':
      return {
        warnings: [ESD, 'Scharfe Kanten im Inneren: beim Einbau Handschuhe tragen.'],
        largeAppliance: true,
        containsBattery: false,
      }
    case 'mainboard':
      return { warnings: [ESD, COIN], largeAppliance: false, containsBattery: true }
    case 'psu':
      return { warnings: [PSU, MAINS, VENT], largeAppliance: false, containsBattery: false }
    case 'gpu':
    case 'cpu':
    case 'ram':
    case 'ssd':
      return { warnings: [ESD, SMALL_PARTS], largeAppliance: false, containsBattery: false }
    case 'headphones':
    case 'headset': {
      const battery = wireless(name) || visual === 'headphones'
      return {
        warnings: battery ? [HEARING, LI_ION, RADIO] : [HEARING],
        largeAppliance: false,
        containsBattery: battery,
      }
    }
    case 'mouse':
    case 'keyboard': {
      const battery = wireless(name)
      return {
        warnings: battery ? [LI_ION, RADIO] : [SMALL_PARTS],
        largeAppliance: false,
        containsBattery: battery,
      }
    }
    default:
      return { warnings: [MOISTURE], largeAppliance: false, containsBattery: false }
  }
}
