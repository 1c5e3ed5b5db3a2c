import { type FormEvent, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { SearchIcon } from '#web/components/ui/index.ts'
import { useSearchSuggestions } from '#web/features/catalog/index.ts'
import { paths } from '#web/lib/paths.ts'

/** The header's search field. Without JavaScript the form posts to /suche, which redirects. */
export function SearchForm() {
  const navigate = useNavigate()
  const [term, setTerm] = useState('')
  const suggestions = useSearchSuggestions({
    term,
    onChoose: (suggestion) => {
      setTerm(suggestion.query)
      navigate(suggestion.url)
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const trimmed = term.trim()
    if (!trimmed) return // empty input is never sent
    navigate(paths.search(trimmed))
  }
  return (
    <search className="search-form" ref={suggestions.containerRef}>
      <form className="search-form__form" action="/suche" method="get" onSubmit={submit}>
        <label htmlFor="search-input" className="visually-hidden">
          Suche
        </label>
        <input
          id="search-input"
          className="search-form__input"
          type="search"
          name="q"
          placeholder="Wonach suchst du?"
          autoComplete="off"
          maxLength={100}
          value={term}
          onChange={(event) => setTerm(event.target.value)}
          {...suggestions.inputProps}
        />
        <button type="submit" className="search-form__submit" aria-label="Suchen">
          <SearchIcon size={20} />
        </button>
      </form>
      {suggestions.dropdown}
    </search>
  )
}
