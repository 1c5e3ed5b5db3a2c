import type { ProductDetail } from '#contract/catalog.ts'

/** The technical data table, one block per group. */
export function TechData({ specs }: { specs: ProductDetail['specs'] }) {
  const groups = new Map<string, ProductDetail['specs']>()
  for (const spec of specs) groups.set(spec.group, [...(groups.get(spec.group) ?? []), spec])
  return (
    <div className="tech-data">
      {[...groups].map(([group, rows]) => (
        <table key={group} className="tech-data__table">
          <caption className="tech-data__group">{group}</caption>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.name}-${row.value}`}>
                <th scope="row">{row.name}</th>
                <td>{row.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </div>
  )
}
