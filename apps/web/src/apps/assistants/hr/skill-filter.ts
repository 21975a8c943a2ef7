/**
 * The skill suggestions for what is typed (issue 25 item 23): the skill spelled exactly so first,
 * then skills that start with it, then those that contain it; the first is highlighted as the
 * person types, so Enter adds "Python" for "Pyth" (and "R" for "R", not "Rust").
 */
import type { ComboboxItem, ComboboxParsedItem, OptionsFilter } from '@mantine/core';

function isItem(option: ComboboxParsedItem): option is ComboboxItem {
  return !('group' in option);
}

export const skillFilter: OptionsFilter = ({ options, search, limit }) => {
  const typed = search.trim().toLowerCase();
  const items = options.filter(isItem);
  if (typed === '') return items.slice(0, limit);
  const rank = (item: ComboboxItem) => {
    const label = item.label.toLowerCase();
    return label === typed ? 0 : label.startsWith(typed) ? 1 : label.includes(typed) ? 2 : 3;
  };
  return items
    .map((item, i) => ({ item, i, rank: rank(item) }))
    .filter((entry) => entry.rank < 3)
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .slice(0, limit)
    .map((entry) => entry.item);
};
