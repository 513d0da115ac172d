import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation, useSearchParams } from "@remix-run/react";
import { brandKitsAction, brandKitsPage, type BrandKitActionResult } from "~/components/brand-kits/brand-kits.server";
import { KitCard } from "~/components/brand-kits/KitCard";
import { Dialog, DialogActions, withoutParam } from "~/components/ui/Dialog";
import { Field, FormAlert } from "~/components/ui/Field";
import { PaletteIcon, PlusIcon } from "~/components/ui/icons";
import styles from "~/styles/brand-kits.css?url";
import type { ShellHandle } from "./_shell";

export const handle: ShellHandle = { title: "Brand kits" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Brand kits · ${data.workspace.name} · Brandwork` : "Brand kits · Brandwork" }];

export const loader = ({ request, context, params }: LoaderFunctionArgs) => brandKitsPage(request, context, params.workspaceId);
export const action = ({ request, context, params }: ActionFunctionArgs) => brandKitsAction(request, context, params.workspaceId);

export default function BrandKits() {
  const { workspace, kits, canManage } = useLoaderData<typeof loader>();
  const actionData = useActionData<BrandKitActionResult>();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigation = useNavigation();
  const creating = searchParams.has("new") || (actionData?.intent === "create" && !actionData.ok);
  const closeTo = withoutParam(location, "new");
  const newLink = canManage ? (
    <Link to="?new" replace preventScrollReset className="button button--primary">
      <PlusIcon aria-hidden="true" /> New brand kit
    </Link>
  ) : null;

  return (
    <div className="page kits-page">
      <header className="kits-page__header">
        <p className="kits-page__lead">A brand kit holds your logos, colours, fonts and the voice every piece of content is written in. The default kit is used unless you pick another.</p>
        {newLink}
      </header>
      {searchParams.has("deleted") ? (
        <p className="badge badge--ok" role="status">
          Brand kit deleted.
        </p>
      ) : null}
      {kits.length ? (
        <ul className="kit-list">
          {kits.map((kit) => (
            <KitCard key={kit.id} kit={kit} workspaceId={workspace.id} />
          ))}
        </ul>
      ) : (
        <section className="kits-empty" aria-labelledby="kits-empty-title">
          <PaletteIcon aria-hidden="true" width={32} height={32} />
          <h2 id="kits-empty-title">No brand kit yet</h2>
          <p>Create one with your logo, colours, fonts and voice, and every campaign, post and email will sound like you.</p>
          {newLink}
        </section>
      )}
      <Dialog open={creating} closeTo={closeTo} title="New brand kit">
        <Form method="post" className="dialog__form">
          <FormAlert message={actionData && !actionData.ok ? actionData.message : null} />
          <Field label="Name" name="name" required maxLength={100} placeholder="e.g. Acme, or Acme Kids" data-autofocus errors={actionData && !actionData.ok ? actionData.fields?.name : undefined} />
          <DialogActions closeTo={closeTo} intent="create" label="Create brand kit" busyLabel="Creating…" busy={navigation.state !== "idle" && navigation.formData?.get("intent") === "create"} />
        </Form>
      </Dialog>
    </div>
  );
}
