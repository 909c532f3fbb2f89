export function LoginPage() {
  return <h1 className="text-3xl font-bold">Login</h1>;
}
