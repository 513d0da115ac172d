import { useLiveChannel, type LiveEvent } from "~/lib/live";

export type { LiveEvent };

/** The workspace's live channel (scheduling): every post and account change, as it happens. */
export function useLiveUpdates(workspaceId: number, onEvent: (event: LiveEvent) => void) {
  return useLiveChannel({ ticketPath: `/w/${workspaceId}/live_ticket`, socketPath: `/w/${workspaceId}/live` }, onEvent);
}
