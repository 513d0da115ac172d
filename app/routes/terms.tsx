import type { MetaFunction } from "@remix-run/cloudflare";
import { LegalPage } from "~/components/legal/LegalPage";

export const meta: MetaFunction = () => [{ title: "Terms of Service · Brandwork" }];

export default function Terms() {
  return (
    <LegalPage title="Terms of Service" updated="1 April 2026">
      <p>
        These terms govern your use of Brandwork, a service for planning and writing marketing content in your brand&apos;s
        voice. By creating an account or using the service you agree to them.
      </p>
      <h2>Your account</h2>
      <p>
        Keep your password safe and tell us if you think someone else is using your account. You are responsible for what
        happens in workspaces you administer, including who you invite.
      </p>
      <h2>Your content</h2>
      <p>
        What you and your team write, upload or generate in Brandwork stays yours. You give us permission to store, process and
        display it only to run the service for you, for example to generate drafts, render pages you publish, or send emails
        you schedule.
      </p>
      <h2>Acceptable use</h2>
      <p>
        Don&apos;t use Brandwork to send spam, to publish unlawful or infringing material, or to try to break or overload the
        service. We may suspend accounts that do.
      </p>
      <h2>Trials, plans and cancellation</h2>
      <p>
        Free trials end on the date shown in your workspace. Paid plans renew until cancelled; you can cancel at any time and
        keep access until the end of the period you paid for. You can export your content before you leave.
      </p>
      <h2>Changes</h2>
      <p>
        We will tell workspace admins by email at least 30 days before a change to these terms that affects them materially.
      </p>
    </LegalPage>
  );
}
