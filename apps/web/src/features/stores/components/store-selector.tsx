import type { Store } from '@duka/shared/stores/stores.schemas';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ActiveBadge } from '@/components/ui/badge';
import { NativeSelect } from '@/components/ui/native-select';
import { useStoreContext } from './store-provider';

/** An option's text: a closed store says so (PRODUCT.md §2: the selector marks it inactive). */
export function storeOptionLabel(store: Store, t: TFunction<'navigation'>): string {
  return store.is_active ? store.name : t('inactiveStore', { name: store.name });
}

/**
 * The super_admin's store switch (spec §2, label "Store:"). It sits on its own line of the
 * header, so the whole name of the current store shows on every screen size.
 */
export function StoreSelector() {
  const { t } = useTranslation('navigation');
  const { stores, currentStore, setCurrentStore } = useStoreContext();
  return (
    <div className="flex min-w-0 items-center gap-2">
      <label htmlFor="current-store" className="text-sm font-medium whitespace-nowrap">
        {t('store')}
      </label>
      <NativeSelect
        id="current-store"
        className="h-9 w-auto max-w-full min-w-0 py-1"
        // Spec §2: stores are listed once the list is not empty; until then there is no choice.
        disabled={stores.length === 0}
        value={currentStore ? String(currentStore.id) : ''}
        onChange={(event) => {
          const store = stores.find((item) => String(item.id) === event.target.value);
          if (store) setCurrentStore(store);
        }}
      >
        {stores.map((store) => (
          <option key={store.id} value={String(store.id)}>
            {storeOptionLabel(store, t)}
          </option>
        ))}
      </NativeSelect>
      {currentStore && !currentStore.is_active && <ActiveBadge active={false} />}
    </div>
  );
}

/** The store a member of staff or a shopper belongs to (GET /stores lists only theirs). */
export function StoreName() {
  const { t } = useTranslation('navigation');
  const { stores } = useStoreContext();
  const store = stores[0];
  if (!store) return null;
  return (
    <p className="flex min-w-0 items-center gap-2 text-sm">
      <span className="font-medium whitespace-nowrap">{t('store')}</span>
      <span className="min-w-0 break-words" data-testid="store-name">
        {store.name}
      </span>
    </p>
  );
}
