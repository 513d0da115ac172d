import type { JobStatus } from "../../../core/enums";

const LABELS: Record<JobStatus, { label: string; tone: "ok" | "warn" | "danger" | "neutral" }> = {
  pending: { label: "Waiting to start", tone: "neutral" },
  started: { label: "Starting", tone: "neutral" },
  processing: { label: "Importing", tone: "neutral" },
  successful: { label: "Done", tone: "ok" },
  failed: { label: "Failed", tone: "danger" },
  aborted: { label: "Stopped", tone: "warn" },
  expired: { label: "Timed out", tone: "warn" },
};

export function JobStatusBadge({ status }: { status: JobStatus }) {
  const { label, tone } = LABELS[status];
  return <span className={`badge badge--${tone}`}>{label}</span>;
}

export const isRunning = (status: JobStatus) => status === "pending" || status === "started" || status === "processing";
