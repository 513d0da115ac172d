export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? parts[0]![0]! + parts[parts.length - 1]![0]! : (parts[0] ?? "?").slice(0, 2);
  return letters.toUpperCase();
}

/** A generated portrait: initials on a soft gradient, no external image. */
export function Avatar({ name, hue, size = 48 }: { name: string; hue: number; size?: number }) {
  const id = `avatar-${hue}-${initialsOf(name)}`;
  return (
    <svg className="avatar" width={size} height={size} viewBox="0 0 48 48" role="img" aria-label={name}>
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={`hsl(${hue} 80% 68%)`} />
          <stop offset="1" stopColor={`hsl(${(hue + 40) % 360} 70% 45%)`} />
        </linearGradient>
      </defs>
      <circle cx="24" cy="24" r="24" fill={`url(#${id})`} />
      <text x="24" y="29.5" textAnchor="middle" fontSize="16" fontWeight="700" fill="#fff" fontFamily="inherit">
        {initialsOf(name)}
      </text>
    </svg>
  );
}
