import { useEffect, useState } from "react";
import { Avatar } from "./Avatar";
import type { Testimonial } from "./testimonials";

const ROTATE_MS = 7_000;

/**
 * The rotating testimonial beside the sign-in forms. It moves on every few seconds unless
 * the reader is hovering or focused inside it, or prefers reduced motion; the dots move it
 * by hand. Hidden on phones (CSS), where the form needs the whole screen.
 */
export function TestimonialPanel({ testimonials }: { testimonials: Testimonial[] }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = testimonials.length;

  useEffect(() => {
    if (paused || count < 2) return;
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), ROTATE_MS);
    return () => window.clearInterval(timer);
  }, [paused, count]);

  const current = testimonials[Math.min(index, count - 1)];
  if (!current) return null;

  return (
    <aside
      className="auth-panel"
      aria-label="What marketers say about Brandwork"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="auth-panel__glow" aria-hidden="true" />
      <figure className="testimonial" key={`${current.name}-${index}`} data-testid="testimonial">
        <svg className="testimonial__mark" viewBox="0 0 32 32" width="40" height="40" aria-hidden="true">
          <path
            fill="currentColor"
            d="M13 8c-4.4 1.6-7 5.3-7 10.2V25h7.5v-7.3H9.8c.1-2.9 1.6-5 4.3-6.2zm13 0c-4.4 1.6-7 5.3-7 10.2V25h7.5v-7.3h-3.7c.1-2.9 1.6-5 4.3-6.2z"
          />
        </svg>
        <blockquote className="testimonial__quote">
          <p>{current.quote}</p>
        </blockquote>
        <figcaption className="testimonial__person">
          <Avatar name={current.name} hue={current.hue} size={52} />
          <span>
            <span className="testimonial__name">{current.name}</span>
            <span className="testimonial__role">
              {current.jobTitle}, {current.company}
            </span>
          </span>
        </figcaption>
      </figure>
      {count > 1 ? (
        <div className="testimonial__dots" role="group" aria-label="Choose a testimonial">
          {testimonials.map((t, i) => (
            <button
              key={t.name}
              type="button"
              className="testimonial__dot"
              aria-label={`Show ${t.name}'s story`}
              aria-pressed={i === index}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      ) : null}
    </aside>
  );
}
