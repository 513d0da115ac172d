import { LogoMark } from "../ui/icons";

/** SPEC section 2: what replaces the whole page when the browser blocks cookies. */
export function CookiesDisabled() {
  return (
    <div className="cookies-blocked" data-testid="cookies-disabled">
      <main className="cookies-blocked__main">
        <div className="cookies-blocked__brand">
          <LogoMark />
          <span>Brandwork</span>
        </div>
        <div className="cookies-blocked__body">
          <p className="cookies-blocked__emoji" role="img" aria-label="Cookie">
            🍪
          </p>
          <h1 className="cookies-blocked__title">Please allow cookies from the product to continue</h1>
          <p className="cookies-blocked__lead">The product uses cookies for security and other purposes.</p>
          <section className="cookies-blocked__how" aria-labelledby="cookies-how">
            <h2 id="cookies-how">How to do it</h2>
            <ol>
              <li>Open Settings.</li>
              <li>Click on &apos;Advanced&apos; tab.</li>
              <li>Under &apos;Privacy&apos;, un-check &apos;Block all cookies&apos;.</li>
              <li>Refresh this page.</li>
            </ol>
          </section>
        </div>
        <footer className="cookies-blocked__footer">
          By signing up, you agree to the{" "}
          <a href="/terms" target="_blank" rel="noopener">
            Terms of Service
          </a>{" "}
          and{" "}
          <a href="/privacy" target="_blank" rel="noopener">
            Privacy Policy
          </a>
        </footer>
      </main>
      <div className="cookies-blocked__panel" aria-hidden="true">
        <svg viewBox="0 0 320 320" width="320" height="320">
          <defs>
            <radialGradient id="cookie-dough" cx="40%" cy="35%" r="70%">
              <stop offset="0" stopColor="#f6d7a7" />
              <stop offset="1" stopColor="#d9a25f" />
            </radialGradient>
          </defs>
          <circle cx="160" cy="160" r="118" fill="rgb(255 255 255 / 12%)" />
          <path
            d="M160 62a98 98 0 1 0 97 84 26 26 0 0 1-33-25 26 26 0 0 1-26-30 26 26 0 0 1-38-29z"
            fill="url(#cookie-dough)"
          />
          {[
            [120, 120, 11],
            [170, 150, 9],
            [118, 188, 10],
            [160, 215, 8],
            [205, 195, 11],
            [215, 150, 6],
            [140, 150, 5],
          ].map(([cx, cy, r]) => (
            <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r={r} fill="#6b3f1d" />
          ))}
          <g fill="#fff" opacity=".85">
            <circle cx="262" cy="86" r="6" />
            <circle cx="286" cy="112" r="3" />
            <circle cx="48" cy="238" r="5" />
          </g>
        </svg>
        <p>Cookies keep your session secure and remember your workspace.</p>
      </div>
    </div>
  );
}
