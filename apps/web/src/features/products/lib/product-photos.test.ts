import { describe, expect, it } from 'vitest';
import { PRODUCT_IMAGE_BYTES_MAX } from '@duka/shared/products/products.schemas';
import { photoProblem } from './product-photos';

const image = (name: string, size = 10, type = 'image/png') =>
  new File([new Uint8Array(size)], name, { type });

describe('photo rules', () => {
  it('accepts images within the limits', () => {
    expect(photoProblem([image('a.png'), image('b.jpg', 10, 'image/jpeg')], 6)).toBeNull();
  });

  it("refuses what the server would, in the server's words", () => {
    expect(photoProblem([image('notes.txt', 10, 'text/plain')], 0)).toBe(
      'Only image files are allowed',
    );
    expect(photoProblem([image('big.png', PRODUCT_IMAGE_BYTES_MAX + 1)], 0)).toBe(
      'Each image must be 5 MB or smaller',
    );
    expect(photoProblem([image('a.png'), image('b.png')], 7)).toBe(
      'A product can have at most 8 images',
    );
  });
});
