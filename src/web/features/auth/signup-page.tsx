export function SignupPage() {
  return <h1 className="text-3xl font-bold">Sign Up</h1>;
}
