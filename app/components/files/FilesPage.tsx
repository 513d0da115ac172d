import { useActionData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import type { SortOrder } from "../../../core/enums";
import { FormAlert } from "../ui/Field";
import { SortControl } from "../ui/SortControl";
import { FileActionNotice } from "./FileActionNotice";
import { FilesHeader } from "./FilesHeader";
import { NewDocumentButton } from "./NewDocumentButton";
import type { FileActionResult } from "./types";

interface FilesPageProps {
  /** Above the header: tabs or the folder path. */
  nav?: ReactNode;
  /** What the page lists. */
  lead: ReactNode;
  /** The list's order, where the page lets people change it. */
  sort?: SortOrder;
  /** Offers "New document". */
  canCreate?: boolean;
  /** The list and its pager. */
  children: ReactNode;
}

/**
 * A page of files whose rows post to `fileAction`: what it lists, what the last row action
 * did (a failed plain form post, or the notice), then the list. Dimmed while the next page loads.
 */
export function FilesPage({ nav, lead, sort, canCreate, children }: FilesPageProps) {
  const navigation = useNavigation();
  const actionData = useActionData<FileActionResult>();
  return (
    <div className="page files-page" aria-busy={navigation.state === "loading" || undefined}>
      {nav}
      <FilesHeader lead={lead}>
        {sort || canCreate ? (
          <>
            {sort ? <SortControl sort={sort} /> : null}
            {canCreate ? <NewDocumentButton /> : null}
          </>
        ) : null}
      </FilesHeader>
      <FormAlert message={actionData && !actionData.ok ? actionData.message : null} />
      <FileActionNotice />
      {children}
    </div>
  );
}
