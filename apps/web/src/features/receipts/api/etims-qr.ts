/**
 * Issue 26: the QR code of a signed invoice (image/svg+xml, drawn by the server; 404 until KRA
 * has signed it). An <img> loads it, so it is an address under /api rather than a fetcher: the
 * session cookie goes with it as with every call.
 */
export const saleEtimsQrSrc = (saleId: number) => `/api/sales/${saleId}/etims/qr`;
export const returnEtimsQrSrc = (returnId: number) => `/api/returns/${returnId}/etims/qr`;
