import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { LogoMark } from "../ui/icons";
import { TestimonialPanel } from "./TestimonialPanel";
import type { Testimonial } from "./testimonials";

/** The public pages' frame: the form column and, from tablet up, the testimonial panel. */
export function AuthLayout({ children, testimonials }: { children: ReactNode; testimonials: Testimonial[] }) {
  return (
    <div className="auth">
      <div className="auth__column">
        <header className="auth__brand">
          <Link to="/" className="auth__logo" aria-label="Brandwork home">
            <LogoMark />
            <span>Brandwork</span>
          </Link>
        </header>
        <main id="main" className="auth__main">
          {children}
        </main>
        <footer className="auth__legal">
          By continuing, you agree to the{" "}
          <a href="/terms" target="_blank" rel="noopener">
            Terms of Service
          </a>{" "}
          and{" "}
          <a href="/privacy" target="_blank" rel="noopener">
            Privacy Policy
          </a>
          .
        </footer>
      </div>
      <TestimonialPanel key={testimonials.map((t) => t.name).join()} testimonials={testimonials} />
    </div>
  );
}
