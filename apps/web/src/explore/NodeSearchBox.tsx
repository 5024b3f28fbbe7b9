// A type-ahead over GET /api/v2/search: a combobox with its listbox of results (kind glyph, name, kind). Typing
// waits 200 ms before asking and aborts the request it supersedes; up/down move, Enter chooses, Escape closes.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { kindStyle } from '../app/kinds';
import { failureMessage, isAbort } from '../api/failure-message';
import { MAX_SEARCH_TEXT, searchNodes, type SearchResult } from './explore-api';

const DEBOUNCE_MS = 200;

interface Props {
  /** The visible label (the input's accessible name). */
  label: string;
  onChoose: (result: SearchResult) => void;
  /** The text changed after a choice: the choice no longer stands. */
  onEdit?: () => void;
  disabled?: boolean;
  placeholder?: string;
}

export function NodeSearchBox({ label, onChoose, onEdit, disabled, placeholder }: Props) {
  const id = useId();
  const listId = `${id}-results`;
  const [text, setText] = useState('');
  const [results, setResults] = useState<SearchResult[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [note, setNote] = useState<{ error: boolean; text: string } | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const inFlight = useRef<AbortController | null>(null);

  useEffect(() => () => {
    window.clearTimeout(timer.current);
    inFlight.current?.abort();
  }, []);

  function cancel() {
    window.clearTimeout(timer.current);
    inFlight.current?.abort();
    inFlight.current = null;
  }

  function lookUp(value: string) {
    cancel();
    const q = value.trim();
    if (q === '' || q.length > MAX_SEARCH_TEXT) {
      setResults([]);
      setOpen(false);
      setNote(q === '' ? null : { error: true, text: `At most ${MAX_SEARCH_TEXT} characters.` });
      return;
    }
    timer.current = window.setTimeout(() => void run(q), DEBOUNCE_MS);
  }

  async function run(q: string) {
    const controller = new AbortController();
    inFlight.current = controller;
    try {
      const found = await searchNodes(q, controller.signal, 10);
      if (controller.signal.aborted) return;
      setResults(found);
      setActive(found.length > 0 ? 0 : -1);
      setOpen(found.length > 0);
      setNote(found.length === 0 ? { error: false, text: 'No matching nodes.' } : null);
    } catch (error) {
      if (controller.signal.aborted || isAbort(error)) return;
      setResults([]);
      setOpen(false);
      setNote({ error: true, text: failureMessage(error) });
    }
  }

  function choose(result: SearchResult) {
    cancel();
    setText(result.name);
    setOpen(false);
    setNote(null);
    onChoose(result);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (results.length === 0) return;
      event.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((at) => (at + step + results.length) % results.length);
    } else if (event.key === 'Enter') {
      if (open && active >= 0 && results[active]) {
        event.preventDefault();
        choose(results[active]);
      }
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        setOpen(false);
      }
    }
  }

  const optionId = (index: number) => `${listId}-${index}`;
  return (
    <div className="ex-typeahead">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
        disabled={disabled}
        placeholder={placeholder}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          onEdit?.();
          lookUp(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(results.length > 0 && text.trim() !== '')}
        onBlur={() => setOpen(false)}
      />
      <ul role="listbox" id={listId} aria-label={`${label} results`} className="ex-results" hidden={!open}>
        {results.map((result, index) => {
          const style = kindStyle(result.type);
          return (
            <li
              key={`${result.objectid}-${index}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={index === active ? 'ex-result ex-result-active' : 'ex-result'}
              // Keep the focus in the input: a blur would close the list before the click lands.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => choose(result)}
            >
              <span className="ex-glyph" style={{ borderColor: style.color }} aria-hidden="true">{style.glyph}</span>
              <span className="ex-result-name">{result.name}</span>
              <span className="ex-result-kind">{style.label}</span>
            </li>
          );
        })}
      </ul>
      {note && <p className={note.error ? 'error ex-note' : 'ex-muted ex-note'} role={note.error ? 'alert' : 'status'}>{note.text}</p>}
    </div>
  );
}
