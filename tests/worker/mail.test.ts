import { env } from "cloudflare:workers";
import { desc } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mailOutbox } from "../../worker/db/schema";
import { sendMail } from "../../worker/services/mail";
import { passwordResetMail } from "../../worker/services/mail-templates";
import { db } from "../factories";

afterEach(() => vi.restoreAllMocks());

const latest = async () => (await db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1))[0];

describe("the mail module", () => {
  it("keeps mail in the outbox when no provider is configured", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const result = await sendMail(db, { ...env, RESEND_API_KEY: "" }, passwordResetMail("a@example.com", "https://app.test/r?t=1", 60));
    expect(result).toEqual({ transport: "outbox", delivered: false });
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(await latest()).toMatchObject({ to: "a@example.com", transport: "outbox", status: "stored", kind: "password_reset" });
  });

  it("sends through Resend's HTTP API when RESEND_API_KEY is set", async () => {
    const requests: Request[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      requests.push(new Request(input, init));
      return Response.json({ id: "email_123" });
    });
    const result = await sendMail(
      db,
      { ...env, RESEND_API_KEY: "re_test_key", MAIL_FROM: "Brand <hi@brand.example>" },
      passwordResetMail("b@example.com", "https://app.test/r?t=2", 60),
    );
    expect(result).toEqual({ transport: "resend", delivered: true });
    expect(requests[0]!.url).toBe("https://api.resend.com/emails");
    expect(requests[0]!.headers.get("Authorization")).toBe("Bearer re_test_key");
    const body = await requests[0]!.json<{ from: string; to: string[]; subject: string; html: string }>();
    expect(body).toMatchObject({ from: "Brand <hi@brand.example>", to: ["b@example.com"], subject: "Reset your Brandwork password" });
    expect(body.html).toContain("https://app.test/r?t=2");
    expect(await latest()).toMatchObject({ to: "b@example.com", transport: "resend", status: "sent" });
  });

  it("records a provider failure instead of losing the message", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("domain not verified", { status: 403 }));
    const result = await sendMail(db, { ...env, RESEND_API_KEY: "re_test_key" }, passwordResetMail("c@example.com", "https://x.test", 60));
    expect(result.delivered).toBe(false);
    expect(await latest()).toMatchObject({ to: "c@example.com", status: "failed", error: expect.stringContaining("403") });
  });

  it("escapes user-controlled text in the HTML", () => {
    const mail = passwordResetMail("d@example.com", 'https://app.test/r?t="><script>', 60);
    expect(mail.html).not.toContain("<script>");
  });
});
