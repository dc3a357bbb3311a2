import { useEffect } from 'react';
import { LAYOUT_SIZES, type LabelLayout } from './label-layouts';

const PAGE_STYLE_ID = 'labels-page-size';

/**
 * The printed page's size for the layout chosen, while the labels are open: CSS cannot pick
 * an @page size from a class, so it is a <style> of its own, removed with the labels.
 */
export function useLabelPageSize(layout: LabelLayout): void {
  useEffect(() => {
    const style = document.createElement('style');
    style.id = PAGE_STYLE_ID;
    const { width, height } = LAYOUT_SIZES[layout].pageMm;
    style.textContent = `@page { size: ${width}mm ${height}mm; margin: 0; }`;
    document.head.append(style);
    return () => style.remove();
  }, [layout]);
}
