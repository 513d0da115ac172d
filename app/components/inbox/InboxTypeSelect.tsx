import type { SelectHTMLAttributes } from "react";
import { inboxItemTypes, inboxTypeLabels, type InboxItemType } from "../../../core/contracts/inbox";

interface InboxTypeSelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "children"> {
  /** Unread items per type, shown beside each type that has some. */
  unreadByType?: Partial<Record<InboxItemType, number>>;
  className?: string;
}

/** Whether a value from the select (or the address) is one of the inbox's types. */
export const isInboxItemType = (value: string): value is InboxItemType => (inboxItemTypes as readonly string[]).includes(value);

/**
 * "Type: All types / Reviews / Comments / …": the one inbox type filter, on the inbox page
 * (a GET form's `types` field) and in the rail's panel (a controlled select). "" is every type.
 */
export function InboxTypeSelect({ unreadByType, className, ...select }: InboxTypeSelectProps) {
  return (
    <label className={className}>
      Type{" "}
      <select {...select}>
        <option value="">All types</option>
        {inboxItemTypes.map((type) => (
          <option key={type} value={type}>
            {inboxTypeLabels[type]}
            {unreadByType?.[type] ? ` (${unreadByType[type]})` : ""}
          </option>
        ))}
      </select>
    </label>
  );
}
