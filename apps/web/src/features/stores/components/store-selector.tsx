import { NativeSelect } from '@/components/ui/native-select';
import { useStoreContext } from './store-provider';

/** The super_admin's store switch in the navigation bar (spec §2, label "Store:"). */
export function StoreSelector() {
  const { stores, currentStore, setCurrentStore } = useStoreContext();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor="current-store" className="text-sm font-medium whitespace-nowrap">
        Store:
      </label>
      <NativeSelect
        id="current-store"
        className="h-9 w-auto max-w-56 py-1"
        value={currentStore ? String(currentStore.id) : ''}
        onChange={(event) => {
          const store = stores.find((item) => String(item.id) === event.target.value);
          if (store) setCurrentStore(store);
        }}
      >
        {stores.length === 0 ? (
          <option value="">No stores</option>
        ) : (
          stores.map((store) => (
            <option key={store.id} value={String(store.id)}>
              {store.name}
            </option>
          ))
        )}
      </NativeSelect>
    </div>
  );
}
