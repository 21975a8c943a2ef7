/**
 * Choosing an account to share a store with: a searchable list filled by LIST_ASSET_USERS as
 * the name is typed (at least 3 letters, as the server asks of everyone but administrators).
 */
import { useEffect, useState } from 'react';
import { Button, Group, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { account } from '@chi/contract';
import { runAction } from '../../../../shell/api/run-action';
import { usePagesTranslation } from '../i18n/use-pages-translation';

const MIN_SEARCH = 3;

interface SharePickerProps {
  storeName: string;
  /** Accounts already shown as shared with (and the owner): not offered again. */
  exclude: readonly string[];
  busy: boolean;
  onShare: (person: { _id: string; name: string }) => void;
}

export function SharePicker({ storeName, exclude, busy, onShare }: SharePickerProps) {
  const { t } = usePagesTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [found, setFound] = useState<{ _id: string; name: string }[]>([]);
  const [chosen, setChosen] = useState<string | null>(null);

  useEffect(() => {
    if ([...debounced].length < MIN_SEARCH) {
      setFound([]);
      return;
    }
    let current = true;
    void runAction(account.listAssetUsers, { filter: debounced, pageSize: 20 }, { fresh: true, handled: true }).then((result) => {
      if (current && result.ok) setFound(result.data.users);
    });
    return () => {
      current = false;
    };
  }, [debounced]);

  const options = found.filter((user) => !exclude.includes(user._id));
  const person = found.find((user) => user._id === chosen);
  // The same name twice is told apart by the order it was found in.
  const data = options.map((user, index) => ({ value: user._id, label: options.some((o, i) => i !== index && o.name === user.name) ? `${user.name} (${index + 1})` : user.name }));

  return (
    <Group align="flex-end" gap="xs" wrap="wrap">
      <Select
        label={t('stores.sharePerson', { name: storeName })}
        placeholder={t('stores.sharePlaceholder')}
        searchable
        clearable
        data={data}
        value={chosen}
        onChange={setChosen}
        searchValue={search}
        onSearchChange={setSearch}
        // The server searched already; every answer it gave is a match.
        filter={({ options: all }) => all}
        nothingFoundMessage={[...debounced].length >= MIN_SEARCH ? t('stores.shareNothingFound') : undefined}
        style={{ flex: '1 1 14rem', minWidth: 0 }}
      />
      <Button
        loading={busy}
        disabled={!person}
        onClick={() => {
          if (!person) return;
          onShare(person);
          setChosen(null);
          setSearch('');
        }}
      >
        {t('stores.shareButton')}
      </Button>
    </Group>
  );
}
