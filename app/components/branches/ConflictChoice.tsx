import { useId } from "react";
import type { ConflictChoice as Choice } from "../../../core/contracts/history";
import type { BlockSummary, MergeConflict } from "../../../core/history/types";

const CHOICE_LABELS: Record<Choice, string> = { main: "Keep main", branch: "Keep the branch", both: "Keep both (main first)" };

function Blocks({ blocks, empty }: { blocks: BlockSummary[]; empty: string }) {
  if (blocks.length === 0) return <p className="branch-conflict__empty">{empty}</p>;
  return (
    <>
      {blocks.map((block) => (
        <p key={block.index} className="branch-conflict__block" title={block.label}>
          {block.text || `(empty ${block.label.toLowerCase()})`}
        </p>
      ))}
    </>
  );
}

interface ConflictChoiceProps {
  conflict: MergeConflict;
  position: number;
  total: number;
  chosen: Choice | undefined;
  onChoose: (choice: Choice) => void;
}

/** One conflict: what it was (base), main's and the branch's words side by side, and the merger's choice. */
export function ConflictChoice({ conflict, position, total, chosen, onChoose }: ConflictChoiceProps) {
  const id = useId();
  return (
    <fieldset className="branch-conflict" data-chosen={chosen ? "true" : "false"} data-testid="merge-conflict">
      <legend>
        Conflict {position} of {total}
      </legend>
      <details className="branch-conflict__base">
        <summary>Before either change (base)</summary>
        <Blocks blocks={conflict.base} empty="Nothing was here." />
      </details>
      <div className="branch-conflict__sides">
        <section className="branch-conflict__side" aria-labelledby={`${id}-main`}>
          <h3 id={`${id}-main`}>Main (what readers see)</h3>
          <Blocks blocks={conflict.main} empty="Main removed this." />
        </section>
        <section className="branch-conflict__side" aria-labelledby={`${id}-branch`}>
          <h3 id={`${id}-branch`}>This branch</h3>
          <Blocks blocks={conflict.branch} empty="The branch removed this." />
        </section>
      </div>
      <div className="branch-conflict__choices">
        {(Object.keys(CHOICE_LABELS) as Choice[]).map((choice) => (
          <label key={choice}>
            <input type="radio" name={`conflict-${conflict.conflict}`} value={choice} checked={chosen === choice} onChange={() => onChoose(choice)} required />
            {CHOICE_LABELS[choice]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
