import type { AccessLevel } from "../../../core/enums";

/**
 * Who a share goes to, as the share dialog collects them: colleagues and groups picked by
 * name or email, and any other address typed out (the API turns an outsider's address
 * into a guest invitation). Plain functions, tested without a browser.
 */

export interface Person {
  id: number;
  name: string;
  email: string;
}

export interface Group {
  id: number;
  name: string;
}

export type Recipient =
  | { kind: "user"; id: number; label: string; email: string }
  | { kind: "group"; id: number; label: string }
  | { kind: "email"; email: string; label: string };

export const recipientKey = (recipient: Recipient) =>
  recipient.kind === "email" ? `email:${recipient.email}` : `${recipient.kind}:${recipient.id}`;

const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;
export const isEmail = (text: string) => EMAIL.test(text.trim());

const personRecipient = (person: Person): Recipient => ({ kind: "user", id: person.id, label: person.name, email: person.email });
const groupRecipient = (group: Group): Recipient => ({ kind: "group", id: group.id, label: group.name });

/** Up to `limit` people and groups whose name or email contains what was typed, people first, not already chosen. */
export function suggestRecipients(query: string, people: Person[], groups: Group[], chosen: Recipient[], limit = 6): Recipient[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  const taken = new Set(chosen.map(recipientKey));
  const matches = [
    ...people.filter((p) => p.name.toLowerCase().includes(needle) || p.email.toLowerCase().includes(needle)).map(personRecipient),
    ...groups.filter((g) => g.name.toLowerCase().includes(needle)).map(groupRecipient),
  ];
  return matches.filter((recipient) => !taken.has(recipientKey(recipient))).slice(0, limit);
}

/**
 * What a typed entry means: a colleague (by email or exact name), a group (exact name), or
 * another email address; null when it is none of these.
 */
export function recipientFromText(text: string, people: Person[], groups: Group[]): Recipient | null {
  const value = text.trim().replace(/^mailto:/i, "");
  if (!value) return null;
  const lower = value.toLowerCase();
  const person = people.find((p) => p.email.toLowerCase() === lower) ?? people.find((p) => p.name.toLowerCase() === lower);
  if (person) return personRecipient(person);
  const group = groups.find((g) => g.name.toLowerCase() === lower);
  if (group) return groupRecipient(group);
  return isEmail(value) ? { kind: "email", email: lower, label: lower } : null;
}

/** Adds without duplicates. */
export const addRecipient = (list: Recipient[], recipient: Recipient) =>
  list.some((entry) => recipientKey(entry) === recipientKey(recipient)) ? list : [...list, recipient];

export interface ShareOptions {
  permission: AccessLevel;
  readReceipt: boolean;
  message: string;
}

/** The body of POST /v1/articles/:id/accesses. */
export function sharePayload(recipients: Recipient[], { permission, readReceipt, message }: ShareOptions) {
  const read_receipt = readReceipt || undefined;
  return {
    member_accesses: recipients.flatMap((recipient) =>
      recipient.kind === "email"
        ? []
        : [{ target_type: recipient.kind === "user" ? ("User" as const) : ("Channel" as const), target_id: recipient.id, permission, read_receipt }],
    ),
    email_accesses: recipients.flatMap((recipient) => (recipient.kind === "email" ? [{ email: recipient.email, permission, read_receipt }] : [])),
    // Plain text: the API sends it in the email as the sharer's note.
    default_message: message.trim() || undefined,
  };
}
