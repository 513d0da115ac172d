import { Form, useNavigation } from "@remix-run/react";
import { PlusIcon } from "../ui/icons";

/**
 * "New document": posts to the page's own action (every file page handles the
 * `create-document` intent), which creates an untitled document and opens it.
 */
export function NewDocumentButton({ label = "New document" }: { label?: string }) {
  const navigation = useNavigation();
  const creating = navigation.state !== "idle" && navigation.formData?.get("intent") === "create-document";
  return (
    <Form method="post" className="new-document">
      <button type="submit" name="intent" value="create-document" className="button button--primary" disabled={creating} aria-busy={creating || undefined}>
        {creating ? <span className="spinner" aria-hidden="true" /> : <PlusIcon aria-hidden="true" />}
        {creating ? "Creating…" : label}
      </button>
    </Form>
  );
}

