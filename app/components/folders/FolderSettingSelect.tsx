import { useRevalidator } from "@remix-run/react";
import { useId, useState, type ReactNode } from "react";
import type { FolderSettings } from "../../../core/contracts/folders";
import { api, ApiError } from "~/lib/api";
import type { FolderPageData } from "./types";

interface FolderSettingSelectProps {
  page: FolderPageData;
  className: string;
  label: string;
  value: string;
  /** The folder settings the chosen option stands for. */
  settingsFor: (value: string) => FolderSettings;
  /** What to say when saving fails without a reason from the API. */
  failure: string;
  /** The `<option>`s. */
  children: ReactNode;
}

/** An editor's choice of how the folder shows (its board's columns, its calendar's dates): saved for everyone, then the page reloads. */
export function FolderSettingSelect({ page, className, label, value, settingsFor, failure, children }: FolderSettingSelectProps) {
  const revalidator = useRevalidator();
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="input input--compact input--select"
        value={value}
        onChange={async (event) => {
          const settings = settingsFor(event.target.value);
          setError(null);
          try {
            await api.put(`/folders/${page.folder.id}`, { folder: { settings } }, { articlePassword: page.password });
            revalidator.revalidate();
          } catch (problem) {
            setError(problem instanceof ApiError ? problem.problem.message : failure);
          }
        }}
      >
        {children}
      </select>
      {error ? (
        <span className="field__error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
