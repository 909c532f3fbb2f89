import { z } from 'zod';
import { selfServiceRoles } from '../constants.ts';
import { messages } from '../messages.ts';

const { auth } = messages;

/** Upper case letter, digit and one of ! @ # $ & * (the specification's sign-up rule). */
export const passwordPattern = /^(?=.*[A-Z])(?=.*\d)(?=.*[!@#$&*]).*$/;

const email = z
  .string()
  .trim()
  .min(1, auth.emailRequired)
  .max(254, 'email must be 254 characters or fewer')
  .pipe(z.email(auth.emailInvalid));

/** The sign-up form, and the body Better Auth's sign-up accepts (checked by a server hook). */
export const signUpSchema = z.object({
  name: z.string().trim().min(1, auth.nameRequired).max(100, 'name must be 100 characters or fewer'),
  email,
  password: z
    .string()
    .min(1, auth.passwordRequired)
    .min(6, auth.signUpPasswordShort)
    .max(128, 'password must be 128 characters or fewer')
    .regex(passwordPattern, auth.signUpPasswordPattern),
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
