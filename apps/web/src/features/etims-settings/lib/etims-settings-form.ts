import type {
  EtimsSettings,
  EtimsSettingsInput,
  etimsSettingsInputSchema,
} from '@duka/shared/etims/etims.schemas';
import type { z } from 'zod';

/** What the form holds: the shared schema's input (the KRA PIN is upper-cased on the way out). */
export type EtimsSettingsFormValues = z.input<typeof etimsSettingsInputSchema>;

/** The fields a 400 from PUT may name (errors[].path 'body.<field>'). */
export const ETIMS_SETTINGS_FIELDS = [
  'kra_pin',
  'branch_id',
  'device_serial',
  'environment',
] as const satisfies readonly (keyof EtimsSettingsInput)[];

/**
 * The saved settings as the form starts. A store never saved starts at the head office
 * (branch 00) on the sandbox: production sends real invoices to KRA, a choice made on purpose.
 */
export function etimsFormValues(settings: EtimsSettings): EtimsSettingsFormValues {
  return {
    kra_pin: settings.kra_pin ?? '',
    branch_id: settings.branch_id ?? '00',
    device_serial: settings.device_serial ?? '',
    environment: settings.environment ?? 'sandbox',
  };
}
