import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { changeLanguage, i18n } from '@/lib/i18n';
import {
  LANGUAGE_CODES,
  LANGUAGES,
  usePreferencesStore,
  type Language,
} from '../stores/preferences-store';

function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

export function PreferencesCard() {
  const { t } = useTranslation('profile');
  const { darkMode, notifications, language, setPreference } = usePreferencesStore();

  const confirmChange = (description: string) => {
    toast({ title: t('preferences.updated'), description });
  };

  const handleDarkMode = (value: boolean) => {
    setPreference('darkMode', value);
    confirmChange(value ? t('preferences.darkModeOn') : t('preferences.darkModeOff'));
  };

  // Confirmed while success toasts are on: before switching them off, after switching them on.
  const handleNotifications = (value: boolean) => {
    if (!value) confirmChange(t('preferences.notificationsOff'));
    setPreference('notifications', value);
    if (value) confirmChange(t('preferences.notificationsOn'));
  };

  // The whole UI switches once the language's texts are in; the toast speaks the new language.
  const handleLanguage = async (value: Language) => {
    setPreference('language', value);
    const code = LANGUAGE_CODES[value];
    await changeLanguage(code);
    const inChosen = i18n.getFixedT(code, 'profile');
    toast({
      title: inChosen('preferences.updated'),
      description: inChosen('preferences.languageSet', {
        language: inChosen(`preferences.languages.${value}`),
      }),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('preferences.title')}</CardTitle>
        <CardDescription>{t('preferences.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="flex items-center justify-between gap-4">
          <Label htmlFor="preference-dark-mode">{t('preferences.darkMode')}</Label>
          <Switch id="preference-dark-mode" checked={darkMode} onCheckedChange={handleDarkMode} />
        </div>
        <div className="flex items-center justify-between gap-4">
          <Label htmlFor="preference-notifications">{t('preferences.notifications')}</Label>
          <Switch
            id="preference-notifications"
            checked={notifications}
            onCheckedChange={handleNotifications}
          />
        </div>
        <div className="flex items-center justify-between gap-4">
          <Label htmlFor="preference-language">{t('preferences.language')}</Label>
          <Select
            value={language}
            onValueChange={(value) => {
              if (isLanguage(value)) void handleLanguage(value);
            }}
          >
            <SelectTrigger id="preference-language" className="w-40">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {LANGUAGES.map((item) => (
                <SelectItem key={item} value={item}>
                  {t(`preferences.languages.${item}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </CardContent>
    </Card>
  );
}
