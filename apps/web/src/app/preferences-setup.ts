/**
 * Imported once by main.tsx, before the first render: the saved Language and Notifications
 * preferences take effect (the theme is applied in main.tsx itself).
 */
import {
  syncLanguageWithPreferences,
  syncToastsWithPreferences,
} from '@/features/profile/stores/preferences-store';

syncLanguageWithPreferences();
syncToastsWithPreferences();
