import { useTranslation } from 'react-i18next';
import { NativeSelect } from '@/components/ui/native-select';
import { useStoreContext } from './store-provider';

/** The super_admin's store switch in the navigation bar (spec §2, label "Store:"). */
export function StoreSelector() {
  const { t } = useTranslation('navigation');
  const { stores, currentStore, setCurrentStore } = useStoreContext();
  return (
    // min-w-0 lets the select give way on a phone, so the cart and logout stay on screen.
    <div className="flex min-w-0 items-center gap-2">
      <label htmlFor="current-store" className="text-sm font-medium whitespace-nowrap">
        {t('store')}
      </label>
      <NativeSelect
        id="current-store"
        className="h-9 w-auto max-w-56 min-w-0 py-1"
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
            {store.name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
