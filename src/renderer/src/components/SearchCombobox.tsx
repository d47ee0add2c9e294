import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';

export interface ComboboxOption {
  id: number;
  name: string;
}

interface SearchComboboxProps {
  label: string;
  /** Finds the options for what was typed (the server searches); an older answer never replaces a newer one. */
  search: (text: string) => Promise<ComboboxOption[]>;
  onChoose: (option: ComboboxOption) => void;
  /** Options not to offer (already chosen). */
  excluded?: ReadonlySet<number>;
  disabled?: boolean;
}

/**
 * A text box that searches people as you type and offers whom it found in a list under it: WAI-ARIA's combobox with a
 * listbox popup and list autocomplete. Focus stays in the box; Down and Up move through the options
 * (`aria-activedescendant`), Enter chooses, Escape closes the list. How many were found is announced.
 */
export function SearchCombobox({ label, search, onChoose, excluded, disabled = false }: SearchComboboxProps) {
  const intl = useIntl();
  const id = useId();
  const [text, setText] = useState('');
  const [found, setFound] = useState<ComboboxOption[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const latest = useRef(0);
  const options = found.filter((o) => !excluded?.has(o.id));

  const typed = (value: string) => {
    setText(value);
    setActive(-1);
    const asked = ++latest.current;
    if (value.trim() === '') {
      setFound([]);
      setOpen(false);
      return;
    }
    search(value.trim()).then(
      (answer) => {
        if (asked !== latest.current) return;
        setFound(answer);
        setOpen(true);
      },
      () => asked === latest.current && setFound([]),
    );
  };
  const choose = (option: ComboboxOption) => {
    onChoose(option);
    latest.current++;
    setText('');
    setFound([]);
    setOpen(false);
    setActive(-1);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (options.length === 0) return;
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (a + step + options.length) % options.length);
    } else if (event.key === 'Enter' && open && options[active]) {
      event.preventDefault();
      choose(options[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };
  const showList = open && options.length > 0;
  return (
    <div className="field combobox">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={`${id}-list`}
        aria-activedescendant={showList && active >= 0 ? `${id}-option-${active}` : undefined}
        value={text}
        disabled={disabled}
        onChange={(e) => typed(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        onFocus={() => found.length > 0 && setOpen(true)}
      />
      <ul id={`${id}-list`} role="listbox" aria-label={label} className="combobox-options" hidden={!showList}>
        {options.map((option, i) => (
          <li
            key={option.id}
            id={`${id}-option-${i}`}
            role="option"
            aria-selected={i === active}
            dir="auto"
            // Keeps the focus in the box, so the click chooses before a blur closes the list.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(option)}
          >
            {option.name}
          </li>
        ))}
      </ul>
      <p role="status" className="visually-hidden">
        {open && text.trim() !== ''
          ? intl.formatMessage({ id: 'components.combobox.found', defaultMessage: '{count, plural, =0 {Nobody found} one {# person found} other {# people found}}' }, { count: options.length })
          : ''}
      </p>
    </div>
  );
}
