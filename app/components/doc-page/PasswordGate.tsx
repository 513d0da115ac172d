import { Form, Link, useActionData, useLocation, useNavigation } from "@remix-run/react";
import { loginUrl } from "~/lib/redirects";
import { Field, FormAlert } from "../ui/Field";
import { LockIcon } from "../ui/icons";
import { storeArticlePassword } from "./articlePassword";

interface PasswordGateProps {
  articleId: number;
  signedIn: boolean;
}

/**
 * "This document is password protected": the form posts to the page's action (so it works
 * before the page is interactive), which checks the password and sets the page's cookie.
 * With JavaScript the password is also kept for this tab, for the API calls the page makes.
 */
export function PasswordGate({ articleId, signedIn }: PasswordGateProps) {
  const result = useActionData<{ ok: boolean; message?: string }>();
  const navigation = useNavigation();
  const location = useLocation();
  const checking = navigation.state !== "idle" && navigation.formData?.get("intent") === "password";
  return (
    <section className="doc-gate" aria-labelledby="doc-gate-title">
      <div className="doc-gate__icon" aria-hidden="true">
        <LockIcon width={28} height={28} />
      </div>
      <h2 id="doc-gate-title">This document is password protected</h2>
      <p className="doc-gate__text">Enter the password you were given to open it. It is remembered in this tab only.</p>
      <Form
        method="post"
        className="doc-gate__form"
        onSubmit={(event) => {
          const password = new FormData(event.currentTarget).get("password");
          if (typeof password === "string" && password) storeArticlePassword(articleId, password);
        }}
      >
        <input type="hidden" name="intent" value="password" />
        <FormAlert message={result && !result.ok ? result.message : null} />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="off"
          required
          autoFocus
          aria-invalid={result && !result.ok ? true : undefined}
        />
        <button type="submit" className="button button--primary" disabled={checking} aria-busy={checking || undefined}>
          {checking ? "Checking…" : "Open document"}
        </button>
      </Form>
      {signedIn ? null : (
        <p className="doc-gate__aside">
          Have an account? <Link to={loginUrl(location.pathname)}>Sign in</Link>
        </p>
      )}
    </section>
  );
}
