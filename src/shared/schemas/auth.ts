import { z } from 'zod';
import { selfServiceRoles } from '#shared/constants.ts';
import { texts } from '#shared/i18n/texts.ts';
import { requiredText } from './text-fields.ts';

const { auth } = texts;

/** The name a person goes by (sign-up, the profile's display name). */
export const personName = requiredText(auth.nameRequired, 100, 'name must be 100 characters or fewer');

/** Upper case letter, digit and one of ! @ # $ & * (the specification's sign-up rule). */
export const passwordPattern = /^(?=.*[A-Z])(?=.*\d)(?=.*[!@#$&*]).*$/;

const email = z
  .string()
  .trim()
  .min(1, auth.emailRequired)
  .max(254, 'email must be 254 characters or fewer')
  .pipe(z.email(auth.emailInvalid));

/** A new password: the sign-up rules (sign-up, a reset, a change). */
const newPassword = z
  .string()
  .min(1, auth.passwordRequired)
  .min(6, auth.signUpPasswordShort)
  .max(128, 'password must be 128 characters or fewer')
  .regex(passwordPattern, auth.signUpPasswordPattern);

/** The sign-up form, and the body Better Auth's sign-up accepts (checked by a server hook). */
export const signUpSchema = z.object({
  name: personName,
  email,
  password: newPassword,
  role: z.enum(selfServiceRoles, auth.roleInvalid).default('Buyer'),
});
export type SignUpInput = z.input<typeof signUpSchema>;
export type SignUp = z.output<typeof signUpSchema>;

/** The login form, and the body Better Auth's email sign-in accepts (checked by a server hook). */
export const loginSchema = z.object({
  email,
  password: z
    .string()
    .min(1, auth.passwordRequired)
    .min(6, auth.loginPasswordShort)
    .max(128, 'password must be 128 characters or fewer'),
});
export type Login = z.infer<typeof loginSchema>;

/** "Forgot password?": the address to send the link to (Better Auth's request-password-reset body). */
export const forgotPasswordSchema = z.object({ email });
export type ForgotPassword = z.infer<typeof forgotPasswordSchema>;

/** The page the emailed link opens: the new password, twice. */
export const resetPasswordFormSchema = z
  .object({ newPassword, confirmPassword: z.string().min(1, auth.passwordRequired) })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: texts.recovery.passwordsDiffer,
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

/** Better Auth's reset-password body: the token from the link and the new password. */
export const resetPasswordSchema = z.object({ token: z.string().min(1).max(200), newPassword });

/** Better Auth's change-password body (signed in): the current password and a new one. */
export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, auth.passwordRequired).max(128, 'password must be 128 characters or fewer'),
  newPassword,
});
