const units = [
  ['day', 86_400],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
] as const;

const counted = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** A period in words, in the largest unit it is a whole number of: 600 → '10 minutes', 86400 → '1 day'. */
export function periodInWords(seconds: number): string {
  const [unit, size] = units.find(([, size]) => seconds % size === 0) ?? units[3];
  return counted(seconds / size, unit);
}

/**
 * A wait in words, rounded up to a unit a person thinks in: seconds under two minutes, minutes under two hours,
 * hours under two days, then days. 45 → '45 seconds', 430 → '8 minutes', 30000 → '9 hours'.
 */
export function waitInWords(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 120) return counted(whole, 'second');
  if (whole < 7200) return counted(Math.ceil(whole / 60), 'minute');
  if (whole < 172_800) return counted(Math.ceil(whole / 3600), 'hour');
  return counted(Math.ceil(whole / 86_400), 'day');
}
