/** "Ana Owner" → "AO", "maya@example.com" → "M": what a todo shows of its assignee where space is short. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words.slice(0, 1);
  return letters.map((word) => word[0]!.toUpperCase()).join("");
}

const dayFormat = new Intl.DateTimeFormat("en", { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" });

/** "Fri, Mar 26" for a due day (YYYY-MM-DD), read as that calendar day wherever the reader is. */
export const dueLabel = (dueOn: string) => dayFormat.format(new Date(`${dueOn}T00:00:00Z`));

/** Today as YYYY-MM-DD in UTC: server and browser render the same, so a page never disagrees with itself. */
export const todayIso = () => new Date().toISOString().slice(0, 10);

/** Past its day and not done. */
export const isOverdue = (todo: { due_on: string | null; done: boolean }, today = todayIso()) => Boolean(todo.due_on && !todo.done && todo.due_on < today);
