import type { MetaFunction } from "@remix-run/cloudflare";
import { LegalPage } from "~/components/legal/LegalPage";

export const meta: MetaFunction = () => [{ title: "Privacy Policy · Brandwork" }];

export default function Privacy() {
  return (
    <LegalPage title="Privacy Policy" updated="1 April 2026">
      <p>This policy explains what Brandwork collects, why, and the choices you have.</p>
      <h2>What we collect</h2>
      <ul>
        <li>Account details: your name, email address and a salted hash of your password (never the password itself).</li>
        <li>Workspace content: the documents, brand kits, campaigns and comments you and your team create.</li>
        <li>Technical data: your IP address and browser, to keep sign-in secure and to stop abuse.</li>
      </ul>
      <h2>Cookies</h2>
      <p>
        Brandwork uses one cookie to keep you signed in (for up to 30 days) and to remember your current workspace, and your
        browser&apos;s storage for display preferences such as the sidebar. We do not use advertising cookies.
      </p>
      <h2>How we use it</h2>
      <p>
        To run the service, to send the emails you ask for (such as password resets and invitations), and to find and fix
        errors. We do not sell personal data.
      </p>
      <h2>Your choices</h2>
      <p>
        You can update your profile at any time, and ask a workspace admin or us to delete your account and its data. Contact
        the person who runs your Brandwork server for any privacy request.
      </p>
    </LegalPage>
  );
}
