import { zodResolver } from '@hookform/resolvers/zod';
import type { User } from '@duka/shared/auth/auth.schemas';
import { formatRole } from '@duka/shared/auth/roles';
import { profileSchema, type ProfileInput } from '@duka/shared/users/users.schemas';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { formatDate } from '@/lib/format-date';
import { useUpdateProfile } from '../api/update-profile';

interface ProfileDetailsFormProps {
  user: User;
  /** app/ puts the saved user back into the session state. */
  onUpdated: (user: User) => void;
}

export function ProfileDetailsForm({ user, onUpdated }: ProfileDetailsFormProps) {
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
      toast({ title: 'Profile updated successfully' });
    } catch (error) {
      applyServerFieldErrors(error, setError, ['name', 'email']);
      toast({
        variant: 'destructive',
        title: 'Update Failed',
        description: errorMessage(error, 'Failed to update profile'),
      });
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Personal Information</CardTitle>
        <CardDescription>Update your name and email address.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={(event) => void onSubmit(event)} noValidate>
          <TextField
            id="profile-name"
            label="Full Name"
            autoComplete="name"
            error={errors.name?.message}
            {...register('name')}
          />
          <TextField
            id="profile-email"
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id="profile-role"
              label="Role"
              value={formatRole(user.role)}
              readOnly
              disabled
            />
            <TextField
              id="profile-member-since"
              label="Member Since"
              value={formatDate(user.created_at, 'MMMM d, yyyy', 'N/A')}
              readOnly
              disabled
            />
          </div>
          <div>
            <Button type="submit" disabled={isSubmitting}>
              Save Changes
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
