import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useLocation, useNavigation, useRevalidator, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { count } from "../../core/counting";
import { contactsPage } from "~/components/contacts/contacts.server";
import { ImportContactsDialog } from "~/components/contacts/ImportContactsDialog";
import { FormAlert } from "~/components/ui/Field";
import { api, ApiError } from "~/lib/api";
import styles from "~/styles/contacts.css?url";
import type { ShellHandle } from "./_shell";

export const handle: ShellHandle = { title: "Contacts" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Contacts · ${data.workspace.name} · Brandwork` : "Contacts · Brandwork" }];
export const loader = ({ request, context, params }: LoaderFunctionArgs) => contactsPage(request, context, params.workspaceId);

const SOURCE_LABELS: Record<string, string> = { hubspot: "HubSpot", manual: "Added here" };

/** The workspace's contacts: the people its email goes to, imported from HubSpot (the ImportContacts modal). */
export default function Contacts() {
  const { workspace, contacts, meta, q, sources, canManage } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [problem, setProblem] = useState<string | null>(null);
  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname;

  const withParams = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    const query = next.toString();
    return `${location.pathname}${query ? `?${query}` : ""}`;
  };
  const closeTo = withParams({ dialog: null });

  async function remove(id: number, email: string) {
    if (!window.confirm(`Remove ${email} from this workspace's contacts?`)) return;
    setProblem(null);
    try {
      await api.delete(`/contacts/${id}`);
      revalidator.revalidate();
    } catch (failure) {
      setProblem(failure instanceof ApiError ? failure.problem.message : "Removing the contact failed. Try again.");
    }
  }

  const first = (meta.page - 1) * meta.per_page + 1;
  const last = first + contacts.length - 1;

  return (
    <div className="page contacts-page">
      <header className="contacts-page__header">
        <div>
          <h1 className="page__title">Contacts</h1>
          <p className="muted">The people this workspace&apos;s email goes to. Import them from HubSpot; someone already here is updated, not added twice.</p>
        </div>
        {canManage ? (
          <Link className="button button--primary" to={withParams({ dialog: "import" })} preventScrollReset>
            Import contacts
          </Link>
        ) : null}
      </header>

      <FormAlert message={problem} />

      <Form method="get" className="contacts-search" role="search">
        <label className="field contacts-search__field">
          <span className="visually-hidden">Search contacts</span>
          <input className="input" type="search" name="q" defaultValue={q} placeholder="Search by name, email or company" />
        </label>
        <button type="submit" className="button">
          Search
        </button>
      </Form>

      <section aria-labelledby="contacts-heading" aria-busy={loading || undefined}>
        <h2 id="contacts-heading" className="visually-hidden">
          Contact list
        </h2>
        {loading ? <p role="status" className="muted">Loading contacts…</p> : null}
        {contacts.length === 0 ? (
          <div className="empty-state">
            {q ? (
              <p>No contact matches “{q}”.</p>
            ) : (
              <>
                <p>No contacts yet. Import them from your CRM to use them as email recipients.</p>
                {canManage ? (
                  <Link className="button button--primary" to={withParams({ dialog: "import" })} preventScrollReset>
                    Import from HubSpot
                  </Link>
                ) : null}
              </>
            )}
          </div>
        ) : (
          <>
            <p className="muted contacts-page__count">
              {first === 1 && last === meta.total ? count(meta.total, "contact") : `${first}–${last} of ${count(meta.total, "contact")}`}
            </p>
            <ul className="contacts-list">
              {contacts.map((contact) => (
                <li key={contact.id} className="contacts-list__item">
                  <div className="contacts-list__who">
                    <strong>{contact.name || contact.email}</strong>
                    {contact.name ? <span className="contacts-list__email">{contact.email}</span> : null}
                  </div>
                  <span className="contacts-list__company">{contact.company ?? ""}</span>
                  <span className="contacts-list__source muted">{SOURCE_LABELS[contact.source] ?? contact.source}</span>
                  {canManage ? (
                    <button type="button" className="button button--small" onClick={() => void remove(contact.id, contact.email)} aria-label={`Remove ${contact.email}`}>
                      Remove
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
            <nav className="contacts-pages" aria-label="Pages">
              {meta.page > 1 ? <Link to={withParams({ page: String(meta.page - 1) })}>Previous</Link> : <span />}
              {meta.has_more ? <Link to={withParams({ page: String(meta.page + 1) })}>Next</Link> : null}
            </nav>
          </>
        )}
      </section>

      {canManage ? <ImportContactsDialog open={params.get("dialog") === "import"} closeTo={closeTo} workspaceId={workspace.id} sources={sources} /> : null}
    </div>
  );
}
