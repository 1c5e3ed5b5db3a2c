import {
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react'
import type { Suggestion } from '#contract/catalog.ts'
import { useSuggestions } from '../api.ts'
import { SUGGESTION_LIMIT, SUGGESTION_MIN_CHARS, SUGGESTION_SCROLL_CLOSE_PX } from '../constants.ts'

const DEBOUNCE_MS = 150

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return debounced
}

/** The typed words in bold where they start a word of the suggestion. */
function highlight(text: string, term: string): ReactNode {
  const words = term
    .trim()
    .split(/\s+/)
    .filter((w) => w.length > 0)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  if (words.length === 0) return text
  const pattern = new RegExp(`(${words.join('|')})`, 'gi')
  return text.split(pattern).map((part, i) =>
    // biome-ignore lint/suspicious/noArrayIndexKey: parts of one string, in order
    i % 2 === 1 ? <strong key={i}>{part}</strong> : <span key={i}>{part}</span>,
  )
}

export type SearchSuggestions = {
  /** Put on the element that holds the input and the dropdown (outside clicks close it). */
  containerRef: RefObject<HTMLElement | null>
  inputProps: {
    'aria-autocomplete': 'list'
    'aria-controls': string | undefined
    'aria-activedescendant': string | undefined
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void
    onFocus: () => void
  }
  dropdown: ReactNode
}

/**
 * Search suggestions for the header's search field (storefront sections 4 and 9): after more than
 * 2 characters, at most 5, each with picture, query and category; closed by a click outside,
 * 50 px of scrolling or Escape. Choosing one leads to /produkte/{query}.
 */
export function useSearchSuggestions({
  term,
  onChoose,
}: {
  term: string
  onChoose: (suggestion: Suggestion) => void
}): SearchSuggestions {
  const listId = useId()
  const containerRef = useRef<HTMLElement | null>(null)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const query = useDebounced(term.trim(), DEBOUNCE_MS)
  const enabled = query.length >= SUGGESTION_MIN_CHARS && query.length <= 100
  const { data } = useSuggestions(query, enabled)
  const suggestions =
    enabled && data?.status === 200 ? data.body.suggestions.slice(0, SUGGESTION_LIMIT) : []
  const visible = open && suggestions.length > 0 && term.trim().length >= SUGGESTION_MIN_CHARS

  // New input opens the list again and resets the keyboard selection (not the text a chosen
  // suggestion put into the field).
  const chosenText = useRef<string | null>(null)
  useEffect(() => {
    setActive(-1)
    if (term === chosenText.current) return
    chosenText.current = null
    if (term.trim().length >= SUGGESTION_MIN_CHARS) setOpen(true)
  }, [term])

  // Watched from the moment the list is open, also while its answer is still loading: a scroll
  // or click in that time closes it, and a late answer does not bring it back.
  useEffect(() => {
    if (!open) return
    const startY = window.scrollY
    const onPointer = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false)
    }
    const onScroll = () => {
      if (Math.abs(window.scrollY - startY) >= SUGGESTION_SCROLL_CLOSE_PX) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointer)
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      document.removeEventListener('pointerdown', onPointer)
      window.removeEventListener('scroll', onScroll)
    }
  }, [open])

  const choose = (suggestion: Suggestion) => {
    chosenText.current = suggestion.query
    setOpen(false)
    setActive(-1)
    onChoose(suggestion)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      if (visible) event.preventDefault()
      setOpen(false)
      return
    }
    if (!visible) {
      if (event.key === 'ArrowDown' && suggestions.length > 0) setOpen(true)
      return
    }
    if (event.key === 'ArrowDown') {
      event.preventDefault()
      setActive((i) => (i + 1) % suggestions.length)
    } else if (event.key === 'ArrowUp') {
      event.preventDefault()
      setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1))
    } else if (event.key === 'Enter') {
      const suggestion = active >= 0 ? suggestions[active] : undefined
      if (suggestion) {
        event.preventDefault()
        choose(suggestion)
      } else {
        // The form searches for the typed text; the list is done.
        chosenText.current = term
        setOpen(false)
      }
    }
  }

  const optionId = (i: number) => `${listId}-option-${i}`
  // The field stays a searchbox (role combobox would hide it from "search" landmarks' users who
  // look for a search field); the list is tied to it by aria-controls and aria-activedescendant,
  // and a live region announces how many suggestions there are.
  const announcement = visible
    ? `${suggestions.length} Suchvorschläge, mit den Pfeiltasten auswählen`
    : ''
  const dropdown = (
    <>
      <span className="visually-hidden" role="status">
        {announcement}
      </span>
      {visible && (
        <div className="suggestions">
          <div id={listId} className="suggestions__list" role="listbox" aria-label="Suchvorschläge">
            {suggestions.map((suggestion, i) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: options are chosen with the arrow keys and Enter on the combobox
              <div
                key={suggestion.query}
                id={optionId(i)}
                role="option"
                tabIndex={-1}
                aria-selected={i === active}
                className={`suggestion${i === active ? ' suggestion--active' : ''}`}
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setActive(i)}
                onClick={() => choose(suggestion)}
              >
                {suggestion.image ? (
                  <img
                    src={suggestion.image}
                    alt=""
                    width={48}
                    height={48}
                    className="suggestion__image"
                  />
                ) : (
                  <span className="suggestion__image" />
                )}
                <span className="suggestion__text">
                  <span className="suggestion__query">{highlight(suggestion.query, query)}</span>
                  {suggestion.category && (
                    <span className="suggestion__category">in {suggestion.category.name}</span>
                  )}
                </span>
              </div>
            ))}
          </div>
        </div>
      )}
    </>
  )

  return {
    containerRef,
    inputProps: {
      'aria-autocomplete': 'list',
      'aria-controls': visible ? listId : undefined,
      'aria-activedescendant': visible && active >= 0 ? optionId(active) : undefined,
      onKeyDown,
      onFocus: () => setOpen(true),
    },
    dropdown,
  }
}
