import { zodResolver } from '@hookform/resolvers/zod';
import type { User } from '@duka/shared/auth/auth.schemas';
import { formatRole } from '@duka/shared/auth/roles';
import { profileSchema, type ProfileInput } from '@duka/shared/users/users.schemas';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
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
          <div className="grid gap-2">
            <Label htmlFor="profile-name">Full Name</Label>
            <Input
              id="profile-name"
              autoComplete="name"
              aria-invalid={Boolean(errors.name)}
              aria-describedby="profile-name-error"
              {...register('name')}
            />
            <FieldError id="profile-name-error">{errors.name?.message}</FieldError>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="profile-email">Email</Label>
            <Input
              id="profile-email"
              type="email"
              autoComplete="email"
              aria-invalid={Boolean(errors.email)}
              aria-describedby="profile-email-error"
              {...register('email')}
            />
            <FieldError id="profile-email-error">{errors.email?.message}</FieldError>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor="profile-role">Role</Label>
              <Input id="profile-role" value={formatRole(user.role)} readOnly disabled />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="profile-member-since">Member Since</Label>
              <Input
                id="profile-member-since"
                value={formatDate(user.created_at, 'MMMM d, yyyy', 'N/A')}
                readOnly
                disabled
              />
            </div>
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
