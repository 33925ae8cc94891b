/**
 * A choice of one account among what the server answers to a search (the admin event form's creator, a source's
 * owner). The chosen option keeps one label (the one shown when it was chosen, or the one it was saved with) whatever
 * later answers hold: were it relabelled by an answer, the Select would write the new label into its search box,
 * which searches it, whose answer (without that account) relabels it back, and so on, overwriting what is typed.
 */
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

export function useSearchedChoice(initialLabel?: string) {
  const [search, setSearch] = useState(initialLabel ?? '');
  const [chosenLabel, setChosenLabel] = useState(initialLabel);
  // The chosen label in the box is no search: the server is asked for everyone then.
  const [query] = useDebouncedValue(search === chosenLabel ? '' : search, 250);

  /** The Select's options for `accounts` when `value` (an id, or null) is chosen. */
  const options = <A extends { id: number }>(accounts: A[], value: string | null, labelOf: (account: A) => string) => {
    const data = accounts.map((account) => ({
      value: String(account.id),
      label: String(account.id) === value && chosenLabel ? chosenLabel : labelOf(account),
    }));
    // The chosen account stays listed (so the field shows it) when a search does not find it.
    if (value && chosenLabel && !data.some((option) => option.value === value)) {
      data.unshift({ value, label: chosenLabel });
    }
    return data;
  };

  return { query, search, setSearch, setChosenLabel, options };
}
