/** The first letters of a person's first two names, for an avatar without a picture: "Nora Newseller" is "NN". */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}
