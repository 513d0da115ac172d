import Prism from "prismjs";
import "prismjs/components/prism-markup";
import "prismjs/components/prism-css";
import "prismjs/components/prism-clike";
import "prismjs/components/prism-javascript";
import "prismjs/components/prism-typescript";
import "prismjs/components/prism-jsx";
import "prismjs/components/prism-tsx";
import "prismjs/components/prism-json";
import "prismjs/components/prism-python";
import "prismjs/components/prism-bash";
import "prismjs/components/prism-sql";
import "prismjs/components/prism-markdown";
import "prismjs/components/prism-yaml";
import "prismjs/components/prism-go";
import "prismjs/components/prism-rust";
import "prismjs/components/prism-java";
import "prismjs/components/prism-c";
import "prismjs/components/prism-cpp";
import "prismjs/components/prism-csharp";
import "prismjs/components/prism-ruby";
import "prismjs/components/prism-php";
import "prismjs/components/prism-swift";
import "prismjs/components/prism-kotlin";
import "prismjs/components/prism-diff";

/** The languages the picker offers: Prism grammar id → label. */
export const CODE_LANGUAGES: Record<string, string> = {
  plain: "Plain text",
  bash: "Shell",
  c: "C",
  cpp: "C++",
  csharp: "C#",
  css: "CSS",
  diff: "Diff",
  go: "Go",
  markup: "HTML",
  java: "Java",
  javascript: "JavaScript",
  json: "JSON",
  jsx: "JSX",
  kotlin: "Kotlin",
  markdown: "Markdown",
  php: "PHP",
  python: "Python",
  ruby: "Ruby",
  rust: "Rust",
  sql: "SQL",
  swift: "Swift",
  tsx: "TSX",
  typescript: "TypeScript",
  yaml: "YAML",
};

const ALIASES: Record<string, string> = { js: "javascript", ts: "typescript", py: "python", sh: "bash", shell: "bash", html: "markup", xml: "markup", yml: "yaml", "c++": "cpp", cs: "csharp", rb: "ruby", md: "markdown", text: "plain", txt: "plain" };

export const normaliseLanguage = (language: string | null | undefined) => {
  const id = (language ?? "").toLowerCase();
  return ALIASES[id] ?? (id in CODE_LANGUAGES ? id : "plain");
};

export interface CodeToken {
  text: string;
  /** Prism's token type, or null for plain text. */
  type: string | null;
}

/** Flat tokens of `code` in `language`; nested Prism tokens take their innermost type. */
export function tokenize(code: string, language: string | null | undefined): CodeToken[] {
  const grammar = Prism.languages[normaliseLanguage(language)];
  if (!grammar) return code ? [{ text: code, type: null }] : [];
  const out: CodeToken[] = [];
  const walk = (stream: Prism.TokenStream, type: string | null) => {
    if (typeof stream === "string") {
      if (stream) out.push({ text: stream, type });
    } else if (Array.isArray(stream)) {
      for (const part of stream) walk(part, type);
    } else {
      walk(stream.content, stream.type);
    }
  };
  walk(Prism.tokenize(code, grammar), null);
  return out;
}
