/** The receipt prints on the device's thermal paper, shared with the customers' statements. */
export * from '@/lib/thermal-paper';
