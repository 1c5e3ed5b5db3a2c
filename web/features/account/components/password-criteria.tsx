import { checkPassword, PASSWORD_CRITERIA } from '#contract/fields.ts'

/** The live list of password rules beside the password field (account-area §2, §5). */
export function PasswordCriteria({ password, id }: { password: string; id: string }) {
  const checks = checkPassword(password)
  return (
    <ul className="password-criteria" id={id} aria-label="Anforderungen an das Passwort">
      {PASSWORD_CRITERIA.map((criterion) => {
        const met = checks[criterion.key]
        return (
          <li
            key={criterion.key}
            className={`password-criteria__item${met ? ' password-criteria__item--met' : ''}`}
          >
            <span className="password-criteria__icon" aria-hidden="true">
              {met ? '✓' : '•'}
            </span>
            {criterion.label}
            <span className="visually-hidden">{met ? ' (erfüllt)' : ' (noch nicht erfüllt)'}</span>
          </li>
        )
      })}
    </ul>
  )
}
