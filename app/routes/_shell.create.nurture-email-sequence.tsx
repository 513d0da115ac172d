import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { createPage } from "~/components/create/create.server";
import { EmailSequenceCreator } from "~/components/create/EmailSequenceCreator";
import styles from "~/styles/create.css?url";
import type { ShellHandle } from "./_shell";
import { WrittenBy } from "~/components/create/BrandKitField";

export const handle: ShellHandle = { title: "New nurture email sequence" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = () => [{ title: "New nurture email sequence · Brandwork" }];
export const loader = ({ request, context }: LoaderFunctionArgs) => createPage(request, context);

export default function CreateNurtureEmailSequence() {
  const { workspace, kits, provider } = useLoaderData<typeof loader>();
  return (
    <div className="page create-page">
      <WrittenBy provider={provider} what="emails" />
      <EmailSequenceCreator kind="nurture" workspace={workspace} kits={kits} />
    </div>
  );
}
