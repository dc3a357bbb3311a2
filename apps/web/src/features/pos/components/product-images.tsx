import { ChevronLeftIcon, ChevronRightIcon, PackageIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import type { PosProduct } from '../lib/pos-products';

const imageClass = 'aspect-square w-full rounded-md bg-slate-100 object-cover dark:bg-slate-800';

/**
 * The card's picture (spec §2): the thumbnail, a placeholder, or with several photos a small
 * carousel (previous/next and a row of thumbnails). Thumbnails only: a cheap phone on mobile
 * data never loads a full-size photo to show a 150 px square.
 */
export function ProductImages({ product }: { product: PosProduct }) {
  const { t } = useTranslation('pos');
  const [index, setIndex] = useState(0);
  const images = product.images;
  const src = images[index]?.thumbnail_url ?? product.thumbnail_url;

  if (!src) {
    return (
      <div
        aria-hidden="true"
        data-testid="product-image-placeholder"
        className={cn(imageClass, 'flex items-center justify-center text-slate-400')}
      >
        <PackageIcon className="size-10" />
      </div>
    );
  }
  const step = (by: number) =>
    setIndex((current) => (current + by + images.length) % images.length);
  return (
    <div className="grid gap-1">
      <div className="relative">
        <img src={src} alt="" loading="lazy" decoding="async" className={imageClass} />
        {images.length > 1 && (
          <>
            <CarouselButton side="left" label={t('images.previous')} onClick={() => step(-1)} />
            <CarouselButton side="right" label={t('images.next')} onClick={() => step(1)} />
          </>
        )}
      </div>
      {images.length > 1 && (
        <div className="flex gap-1 overflow-x-auto">
          {images.map((image, position) => (
            <button
              key={image.id}
              type="button"
              aria-label={t('images.show', { number: position + 1 })}
              aria-pressed={position === index}
              onClick={() => setIndex(position)}
              className={cn(
                'size-8 shrink-0 overflow-hidden rounded border-2 focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:outline-none',
                position === index ? 'border-emerald-700' : 'border-transparent',
              )}
            >
              <img
                src={image.thumbnail_url}
                alt=""
                loading="lazy"
                className="size-full object-cover"
              />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

function CarouselButton({
  side,
  label,
  onClick,
}: {
  side: 'left' | 'right';
  label: string;
  onClick: () => void;
}) {
  const Icon = side === 'left' ? ChevronLeftIcon : ChevronRightIcon;
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className={cn(
        'absolute top-1/2 flex size-8 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:outline-none',
        side === 'left' ? 'left-1' : 'right-1',
      )}
    >
      <Icon className="size-4" aria-hidden />
    </button>
  );
}
