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
import {
  LANGUAGES,
  usePreferencesStore,
  type Language,
  type Preferences,
} from '../stores/preferences-store';

const LANGUAGE_NAMES: Record<Language, string> = {
  english: 'English',
  swahili: 'Swahili',
  french: 'French',
};

function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

export function PreferencesCard() {
  const { darkMode, notifications, language, setPreference } = usePreferencesStore();

  const update = <K extends keyof Preferences>(key: K, value: Preferences[K], text: string) => {
    setPreference(key, value);
    toast({ title: 'Preference Updated', description: text });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Preferences</CardTitle>
        <CardDescription>Saved in this browser.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="flex items-center justify-between gap-4">
          <Label htmlFor="preference-dark-mode">Dark Mode</Label>
          <Switch
            id="preference-dark-mode"
            checked={darkMode}
            onCheckedChange={(value) =>
              update('darkMode', value, `Dark mode ${value ? 'enabled' : 'disabled'}`)
            }
          />
        </div>
        <div className="flex items-center justify-between gap-4">
          <Label htmlFor="preference-notifications">Notifications</Label>
          <Switch
            id="preference-notifications"
            checked={notifications}
            onCheckedChange={(value) =>
              update('notifications', value, `Notifications ${value ? 'enabled' : 'disabled'}`)
            }
          />
        </div>
        <div className="flex items-center justify-between gap-4">
          <Label htmlFor="preference-language">Language</Label>
          <Select
            value={language}
            onValueChange={(value) => {
              if (isLanguage(value)) {
                update('language', value, `Language set to ${LANGUAGE_NAMES[value]}`);
              }
            }}
          >
            <SelectTrigger id="preference-language" className="w-40">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {LANGUAGES.map((item) => (
                <SelectItem key={item} value={item}>
                  {LANGUAGE_NAMES[item]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </CardContent>
    </Card>
  );
}
