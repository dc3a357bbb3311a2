import { formatCurrency } from '@duka/shared/money/money';
import type { UnitType } from '@duka/shared/money/units';
import { Trash2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { sellableUnits, type CartItem } from '@/features/cart/lib/cart-math';
import { useCartStore } from '@/features/cart/stores/cart-store';
import { LinePriceNote } from './line-price-note';

const fieldClass = 'h-9 text-sm';

/** One cart line (spec §2, §5 Cart): unit, quantity ≥ 1, unit price ≥ 0, total, remove. */
export function CartLine({ item }: { item: CartItem }) {
  const { t } = useTranslation('pos');
  const updateUnitType = useCartStore((state) => state.updateUnitType);
  const updateQuantity = useCartStore((state) => state.updateQuantity);
  const updateUnitPrice = useCartStore((state) => state.updateUnitPrice);
  const removeItem = useCartStore((state) => state.removeItem);
  const name = item.product.name;
  // Only units with a price of their own (issue 20); a line restored in another unit keeps it.
  const sellable = sellableUnits(item.product);
  const units = sellable.includes(item.unit_type) ? sellable : [...sellable, item.unit_type];
  return (
    <li className="grid gap-2 py-3" data-testid="cart-line">
      <div className="flex items-start justify-between gap-2">
        <span className="font-medium">{name}</span>
        <Button
          variant="ghost"
          size="icon"
          className="size-8 shrink-0"
          aria-label={t('cart.remove', { name })}
          onClick={() => removeItem(item.id)}
        >
          <Trash2Icon className="size-4" aria-hidden />
        </Button>
      </div>
      {/* The unit's word whole in every language ('Kipande' at 768 px too); the numbers share the rest. */}
      <div className="grid grid-cols-[7rem_1fr_1fr] gap-2">
        <NativeSelect
          aria-label={`${t('cart.unit')} — ${name}`}
          className={fieldClass}
          value={item.unit_type}
          onChange={(event) => updateUnitType(item.id, event.target.value as UnitType)}
        >
          {units.map((unit) => (
            <option key={unit} value={unit}>
              {t(`prices.${unit}`)}
            </option>
          ))}
        </NativeSelect>
        <Input
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          aria-label={`${t('cart.quantity')} — ${name}`}
          className={fieldClass}
          value={item.quantity}
          onChange={(event) => updateQuantity(item.id, Number(event.target.value))}
        />
        <Input
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          aria-label={`${t('cart.unitPrice')} — ${name}`}
          className={fieldClass}
          value={item.unit_price}
          onChange={(event) => updateUnitPrice(item.id, Number(event.target.value))}
        />
      </div>
      <p className="text-right text-sm">
        <span className="sr-only">{t('cart.lineTotal')}: </span>
        {formatCurrency(item.total)}
      </p>
      <LinePriceNote item={item} />
    </li>
  );
}
