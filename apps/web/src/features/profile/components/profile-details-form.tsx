import { zodResolver } from '@hookform/resolvers/zod';
import type { User } from '@duka/shared/auth/auth.schemas';
import { profileSchema, type ProfileInput } from '@duka/shared/users/users.schemas';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { formatDate } from '@/lib/format-date';
import { translateMessage } from '@/lib/i18n';
import { useUpdateProfile } from '../api/update-profile';

interface ProfileDetailsFormProps {
  user: User;
  /** app/ puts the saved user back into the session state. */
  onUpdated: (user: User) => void;
}

export function ProfileDetailsForm({ user, onUpdated }: ProfileDetailsFormProps) {
  const { t } = useTranslation(['profile', 'common']);
  const updateProfile = useUpdateProfile();
  const { register, handleSubmit, setError, formState } = useForm<
    z.input<typeof profileSchema>,
    unknown,
    ProfileInput
  >({
    resolver: zodResolver(profileSchema),
    defaultValues: { name: user.name, email: user.email },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await updateProfile.mutateAsync(values);
      onUpdated(saved);
      toast({ title: t('details.saved') });
    } catch (error) {
      applyServerFieldErrors(error, setError, ['name', 'email']);
      toast({
        variant: 'destructive',
        title: t('details.failedTitle'),
        description: translateMessage(errorMessage(error, t('details.failed'))),
      });
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('details.title')}</CardTitle>
        <CardDescription>{t('details.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={(event) => void onSubmit(event)} noValidate>
          <TextField
            id="profile-name"
            label={t('details.fullName')}
            autoComplete="name"
            error={translateMessage(errors.name?.message)}
            {...register('name')}
          />
          <TextField
            id="profile-email"
            label={t('details.email')}
            type="email"
            autoComplete="email"
            error={translateMessage(errors.email?.message)}
            {...register('email')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id="profile-role"
              label={t('details.role')}
              value={t(`common:roles.${user.role}`)}
              readOnly
              disabled
            />
            <TextField
              id="profile-member-since"
              label={t('details.memberSince')}
              value={formatDate(user.created_at)}
              readOnly
              disabled
            />
          </div>
          <div>
            <Button type="submit" disabled={isSubmitting}>
              {t('details.save')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
