import { CameraIcon, XIcon } from 'lucide-react';
import { useEffect, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { translateMessage } from '@/lib/i18n';
import { useDeleteProductImage } from '../api/delete-product-image';
import { photoProblem } from '../lib/product-photos';
import type { InventoryProduct } from '../lib/product-types';
import { toastFailure } from '@/lib/failure-toast';

interface ProductPhotosFieldProps {
  /** The product being edited, whose saved photos are listed; null when adding. */
  product: InventoryProduct | null;
  /** Photos chosen in this dialog, uploaded with the form. */
  photos: readonly File[];
  onPhotosChange: (photos: File[]) => void;
}

const fileInputClassName =
  'block w-full text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium dark:file:border-slate-700 dark:file:bg-slate-900 dark:file:text-slate-100';

/**
 * Spec §2: several photos, image files only. On a phone the picker offers the camera or the
 * gallery; a second button opens the camera directly. Saved photos are removed one by one.
 */
export function ProductPhotosField({ product, photos, onPhotosChange }: ProductPhotosFieldProps) {
  const { t } = useTranslation(['products', 'common']);
  const [problem, setProblem] = useState<string | null>(null);
  const [removed, setRemoved] = useState<number[]>([]);
  const deleteImage = useDeleteProductImage();
  const saved = (product?.images ?? []).filter((image) => !removed.includes(image.id));

  const handleChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    // Choosing the same file again must fire another change.
    event.target.value = '';
    if (chosen.length === 0) return;
    const next = [...photos, ...chosen];
    const found = photoProblem(next, saved.length);
    setProblem(found);
    if (!found) onPhotosChange(next);
  };

  const handleRemoveSaved = async (imageId: number) => {
    if (!product) return;
    try {
      await deleteImage.mutateAsync({ productId: product.id, imageId });
      setRemoved((ids) => [...ids, imageId]);
      toast({ title: t('common:toast.success'), description: t('form.photoRemoved') });
    } catch (error) {
      toastFailure(error, t('form.photoRemoveFailed'));
    }
  };

  return (
    <div className="grid gap-2">
      <Label htmlFor="product-photos">{t('form.fields.photos')}</Label>
      <p id="product-photos-hint" className="text-sm text-slate-600 dark:text-slate-400">
        {t('form.photosHint')}
      </p>
      <input
        id="product-photos"
        type="file"
        accept="image/*"
        multiple
        aria-describedby="product-photos-hint product-photos-error"
        className={fileInputClassName}
        onChange={handleChoose}
      />
      <Label
        htmlFor="product-photos-camera"
        className="inline-flex w-fit cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 font-medium focus-within:ring-2 focus-within:ring-emerald-500 sm:hidden dark:border-slate-700"
      >
        <CameraIcon aria-hidden="true" className="size-4" />
        {t('form.takePhoto')}
        <input
          id="product-photos-camera"
          type="file"
          accept="image/*"
          capture="environment"
          className="sr-only"
          onChange={handleChoose}
        />
      </Label>
      <FieldError id="product-photos-error">{translateMessage(problem ?? undefined)}</FieldError>

      {(saved.length > 0 || photos.length > 0) && (
        <ul className="flex flex-wrap gap-3" aria-label={t('form.photoList')}>
          {saved.map((image, index) => {
            const name = t('form.savedPhoto', { index: index + 1 });
            return (
              <PhotoTile
                key={`saved-${image.id}`}
                removeLabel={t('form.removePhoto', { name })}
                disabled={deleteImage.isPending}
                onRemove={() => void handleRemoveSaved(image.id)}
              >
                <img src={image.thumbnail_url} alt={name} {...TILE_IMAGE} />
              </PhotoTile>
            );
          })}
          {photos.map((file, index) => (
            <PhotoTile
              key={`new-${index}-${file.name}`}
              removeLabel={t('form.removePhoto', { name: file.name })}
              onRemove={() => {
                setProblem(null);
                onPhotosChange(photos.filter((chosen) => chosen !== file));
              }}
            >
              <FilePreview file={file} />
            </PhotoTile>
          ))}
        </ul>
      )}
    </div>
  );
}

const TILE_IMAGE = {
  width: 80,
  height: 80,
  className: 'size-20 rounded-md border border-slate-200 object-cover dark:border-slate-800',
};

/**
 * A chosen file shown before upload. The object URL is made and revoked by the effect and set
 * on the element directly, so a file removed (or the dialog closed) frees its memory.
 */
function FilePreview({ file }: { file: File }) {
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const url = URL.createObjectURL(file);
    if (image.current) image.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return <img ref={image} alt={file.name} {...TILE_IMAGE} />;
}

interface PhotoTileProps {
  removeLabel: string;
  disabled?: boolean;
  onRemove: () => void;
  children: ReactNode;
}

function PhotoTile({ removeLabel, disabled, onRemove, children }: PhotoTileProps) {
  return (
    <li className="relative">
      {children}
      <Button
        type="button"
        variant="destructive"
        size="icon"
        className="absolute -top-2 -right-2 size-7 rounded-full"
        aria-label={removeLabel}
        title={removeLabel}
        disabled={disabled}
        onClick={onRemove}
      >
        <XIcon />
      </Button>
    </li>
  );
}
